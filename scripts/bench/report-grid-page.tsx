/**
 * Browser side of `npm run bench:reports`: renders the real accounting grid component and a plain
 * React table baseline (all rows, no windowing, no containment) with the same 500 × 8 data, and
 * measures render, a cell update becoming visible, and the update saved (HTTP round trip to the
 * bench server) and redrawn. Times in ms from `performance.now()`, each ending after the next frame.
 */
import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  ACCOUNTING_STATUSES,
  type AccountingCell,
  type AccountingRow,
  type AccountingStatus,
  type ReportDefinition,
} from '../../src/shared/report-tracker';
import { AccountingGridTable, nextStatus } from '../../src/client/features/report-tracker/components/accounting-grid';

type Variant = 'grid' | 'plain';
type SetStatus = (cell: AccountingCell, status: AccountingStatus) => void;

const REPORTS: ReportDefinition[] = [
  'Bank reconciliation',
  'Rent roll',
  'Financial statements',
  'Variance report',
  'Aged receivables',
  'AP aging',
  'General ledger',
  'Budget comparison',
].map((name, i) => ({ key: `r${i}`, name }));

function makeRows(count: number): AccountingRow[] {
  return Array.from({ length: count }, (_, p) => ({
    property: {
      code: `P-${String(p + 1).padStart(4, '0')}`,
      name: `Property ${p + 1}`,
      region: ['North', 'East', 'South', 'West'][p % 4]!,
    },
    cells: Object.fromEntries(
      REPORTS.map((report, r) => [
        report.key,
        {
          id: `${p}-${r}`,
          report: report.key,
          status: ACCOUNTING_STATUSES[(p + r) % 4]!,
          owner: 'Alex Accounting',
          dueDate: '2026-12-14',
          completedAt: null,
          isOverdue: (p + r) % 5 === 0,
          version: 1,
        },
      ]),
    ),
  }));
}

function replaceCell(rows: AccountingRow[], cell: AccountingCell): AccountingRow[] {
  const p = Number(cell.id.split('-')[0]);
  return rows.map((row, i) => (i === p ? { ...row, cells: { ...row.cells, [cell.report]: cell } } : row));
}

/** The naive baseline: every row and cell rendered, no memo, no containment. */
function PlainTable({ rows, onSetStatus }: { rows: AccountingRow[]; onSetStatus: SetStatus }) {
  return (
    <div style={{ maxHeight: 600, overflow: 'auto' }}>
      <table>
        <thead>
          <tr>
            <th>Property</th>
            {REPORTS.map((r) => (
              <th key={r.key}>{r.name}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.property.code} data-row={index}>
              <th>
                <input type="checkbox" aria-label={`Select ${row.property.name}`} /> {row.property.code}{' '}
                {row.property.name}
              </th>
              {REPORTS.map((report, col) => {
                const cell = row.cells[report.key]!;
                return (
                  <td key={report.key}>
                    <button
                      type="button"
                      data-col={col}
                      className="report-cell"
                      onClick={() => onSetStatus(cell, nextStatus(cell.status))}
                    >
                      {cell.status}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

let savedListener: (() => void) | null = null;

function Harness({ variant, initial }: { variant: Variant; initial: AccountingRow[] }) {
  const [rows, setRows] = useState(initial);
  const onSetStatus = useCallback<SetStatus>((cell, status) => {
    setRows((current) => replaceCell(current, { ...cell, status }));
    void fetch('/save', { method: 'PATCH', body: JSON.stringify({ ...cell, status }) })
      .then((response) => response.json() as Promise<AccountingCell>)
      .then((saved) => {
        setRows((current) => replaceCell(current, saved));
        requestAnimationFrame(() => setTimeout(() => savedListener?.(), 0));
      });
  }, []);
  const noop = useCallback(() => undefined, []);
  return variant === 'grid' ? (
    <AccountingGridTable
      label="Accounting bench"
      period="2026-03"
      reports={REPORTS}
      rows={rows}
      selected={new Set()}
      onToggleRow={noop}
      onToggleAll={noop}
      onSetStatus={onSetStatus}
    />
  ) : (
    <PlainTable rows={rows} onSetStatus={onSetStatus} />
  );
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function measure(variant: Variant, properties: number, updates: number) {
  const container = document.getElementById('bench')!;
  const data = makeRows(properties);
  const t0 = performance.now();
  const root = createRoot(container);
  flushSync(() => root.render(<Harness variant={variant} initial={data} />));
  void container.offsetHeight;
  await nextFrame();
  const render = performance.now() - t0;
  const visible: number[] = [];
  const saved: number[] = [];
  for (let i = 0; i < updates; i += 1) {
    const button = container.querySelector<HTMLButtonElement>(`tr[data-row="${i % 10}"] button[data-col="${i % 8}"]`)!;
    const before = button.textContent;
    const savedAt = new Promise<number>((resolve) => (savedListener = () => resolve(performance.now())));
    const start = performance.now();
    button.click();
    while (button.textContent === before) await new Promise((r) => setTimeout(r, 0));
    await nextFrame();
    visible.push(performance.now() - start);
    saved.push((await savedAt) - start);
  }
  root.unmount();
  container.replaceChildren();
  await nextFrame();
  return { render, visible, saved, cells: properties * REPORTS.length };
}

/** What the page exposes to the bench driver. */
export type BenchWindow = { bench: { measure: typeof measure } };
(window as unknown as BenchWindow).bench = { measure };
