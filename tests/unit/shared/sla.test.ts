/** The service level as the API shows it (src/shared/sla.ts): states and durations from the stored columns. */
import { describe, expect, it } from 'vitest';
import { formatSlaDuration, ticketSla, type SlaColumns } from '../../../src/shared/sla';

const MIN = 60_000;
const t = (minutes: number) => new Date(Date.UTC(2026, 0, 5, 14, 0) + minutes * MIN);
const now = t(0).getTime();
const none: SlaColumns = {
  firstResponseDueAt: null,
  resolutionDueAt: null,
  firstRespondedAt: null,
  resolvedAt: null,
  pausedSince: null,
};

describe('ticketSla', () => {
  it('is null without due times (no service level)', () => {
    expect(ticketSla(none, now)).toBeNull();
  });

  it('runs with the time left, and is breached by the time past due', () => {
    const sla = ticketSla({ ...none, firstResponseDueAt: t(30), resolutionDueAt: t(-90) }, now);
    expect(sla?.firstResponse).toEqual({ dueAt: t(30).toISOString(), state: 'running', remainingMs: 30 * MIN });
    expect(sla?.resolution).toEqual({ dueAt: t(-90).toISOString(), state: 'breached', breachedByMs: 90 * MIN });
  });

  it('freezes the time left at the pause, and tells met in time from met late', () => {
    const paused = ticketSla({ ...none, firstResponseDueAt: t(30), resolutionDueAt: t(300), pausedSince: t(-60) }, now);
    expect(paused?.resolution).toMatchObject({ state: 'paused', remainingMs: 360 * MIN });
    const met = ticketSla(
      { ...none, firstResponseDueAt: t(30), resolutionDueAt: t(300), firstRespondedAt: t(10), resolvedAt: t(320) },
      now,
    );
    expect(met?.firstResponse).toEqual({ dueAt: t(30).toISOString(), state: 'met', metAt: t(10).toISOString() });
    expect(met?.resolution).toMatchObject({ state: 'breached', breachedByMs: 20 * MIN, metAt: t(320).toISOString() });
  });
});

describe('formatSlaDuration', () => {
  it('says minutes, hours and days in words', () => {
    expect(formatSlaDuration(30_000)).toBe('under 1 min');
    expect(formatSlaDuration(45 * MIN)).toBe('45 min');
    expect(formatSlaDuration(125 * MIN)).toBe('2 h 05 min');
    expect(formatSlaDuration((3 * 24 + 4) * 60 * MIN)).toBe('3 d 4 h');
  });
});
