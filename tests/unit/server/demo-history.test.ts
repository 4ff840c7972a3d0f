import { describe, expect, it } from 'vitest';
import { planDemoMonth, unitHash, type DemoCellInput } from '../../../src/server/domains/report-tracker/demo-history';

const CODES = Array.from({ length: 24 }, (_, i) => `P-${1001 + i}`);
const REPORTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

function monthInput(period: string, accountingDue: string, deliveryDue: string) {
  const cells: DemoCellInput[] = CODES.flatMap((code) =>
    REPORTS.map((report) => ({
      id: `${period}-${code}-${report}`,
      propertyCode: code,
      report,
      dueDate: accountingDue,
    })),
  );
  const deliveries = CODES.map((code) => ({ id: `${period}-${code}`, propertyCode: code, dueDate: deliveryDue }));
  return { cells, deliveries };
}

const complete = (plan: ReturnType<typeof planDemoMonth>) => plan.cells.filter((c) => c.status === 'Complete').length;

describe('the demo completion history of the first-start seed', () => {
  it('draws stable numbers in [0, 1)', () => {
    expect(unitHash('2026-05|P-1001')).toBe(unitHash('2026-05|P-1001'));
    expect(unitHash('x')).not.toBe(unitHash('y'));
    for (const text of ['', 'a', 'P-1024|rent-roll']) expect(unitHash(text)).toBeGreaterThanOrEqual(0);
  });

  it('closes a month two or more back: nearly all Complete around the due date, and the same plan every time', () => {
    const { cells, deliveries } = monthInput('2026-05', '2026-06-12', '2026-06-22');
    const plan = planDemoMonth('2026-05', '2026-11-23', cells, deliveries);
    expect(planDemoMonth('2026-05', '2026-11-23', cells, deliveries)).toEqual(plan);
    expect(complete(plan)).toBeGreaterThanOrEqual(192 * 0.9);
    for (const cell of plan.cells.filter((c) => c.status === 'Complete')) {
      expect(cell.completedOn! >= '2026-06-06' && cell.completedOn! <= '2026-06-14').toBe(true);
    }
    expect(plan.cells.every((c) => c.status === 'Complete' || c.status === 'In review')).toBe(true);
    // Delivered exactly the properties whose every report is Complete, on or after the last completion.
    const byProperty = new Map<string, string[]>();
    for (const cell of plan.cells) {
      const code = cell.id.slice(8, 14);
      byProperty.set(code, [...(byProperty.get(code) ?? []), cell.completedOn ?? 'open']);
    }
    const ready = [...byProperty].filter(([, dates]) => !dates.includes('open')).map(([code]) => code);
    expect(plan.deliveries.map((d) => d.id.slice(8))).toEqual(ready);
    for (const delivery of plan.deliveries) {
      const last = byProperty.get(delivery.id.slice(8))!.sort().at(-1)!;
      expect(delivery.deliveredOn >= last && delivery.deliveredOn <= '2026-06-25').toBe(true);
    }
    expect(ready.length).toBeGreaterThanOrEqual(20);
  });

  it('varies from month to month', () => {
    const counts = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'].map((period) => {
      const { cells, deliveries } = monthInput(period, `${period}-28`, `${period}-28`);
      return planDemoMonth(period, '2026-11-23', cells, deliveries).deliveries.length;
    });
    expect(new Set(counts).size).toBeGreaterThan(1);
  });

  it('shows last month in progress: nothing done on the 1st, most done after the due date, never in the future', () => {
    const { cells, deliveries } = monthInput('2026-10', '2026-11-13', '2026-11-20');
    const early = planDemoMonth('2026-10', '2026-11-01', cells, deliveries);
    expect(complete(early)).toBe(0);
    expect(early.deliveries).toEqual([]);
    const late = planDemoMonth('2026-10', '2026-11-23', cells, deliveries);
    expect(complete(late)).toBeGreaterThan(192 / 2);
    expect(late.cells.some((c) => c.status !== 'Complete')).toBe(true);
    expect(late.cells.every((c) => c.completedOn === null || c.completedOn <= '2026-11-22')).toBe(true);
    expect(late.deliveries.every((d) => d.deliveredOn <= '2026-11-22')).toBe(true);
  });
});
