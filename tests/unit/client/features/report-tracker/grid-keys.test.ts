import { describe, expect, it } from 'vitest';
import { moveFor, periodName } from '../../../../../src/client/features/report-tracker/components/accounting-grid';
import { monthTick } from '../../../../../src/client/features/report-tracker/components/overview-charts';

// 10 body rows (0–9) under the header row (-1), 9 columns (0 the property, 1–8 the reports), 4 rows a page
const move = (key: string, row: number, col: number, ctrl = false) => moveFor(key, ctrl, { row, col }, 10, 9, 4);

describe('the accounting grid keys (WAI-ARIA grid pattern)', () => {
  it('moves one cell with the arrow keys and stops at the edges', () => {
    expect(move('ArrowRight', 3, 2)).toEqual({ row: 3, col: 3 });
    expect(move('ArrowLeft', 3, 2)).toEqual({ row: 3, col: 1 });
    expect(move('ArrowDown', 3, 2)).toEqual({ row: 4, col: 2 });
    expect(move('ArrowUp', 3, 2)).toEqual({ row: 2, col: 2 });
    expect(move('ArrowLeft', 3, 0)).toEqual({ row: 3, col: 0 });
    expect(move('ArrowRight', 3, 8)).toEqual({ row: 3, col: 8 });
    expect(move('ArrowDown', 9, 8)).toEqual({ row: 9, col: 8 });
    // the header row is a row of cells too
    expect(move('ArrowUp', 0, 4)).toEqual({ row: -1, col: 4 });
    expect(move('ArrowUp', -1, 4)).toEqual({ row: -1, col: 4 });
  });

  it('goes to the row ends with Home and End, and to the grid ends with Ctrl', () => {
    expect(move('Home', 5, 4)).toEqual({ row: 5, col: 0 });
    expect(move('End', 5, 4)).toEqual({ row: 5, col: 8 });
    expect(move('Home', 5, 4, true)).toEqual({ row: -1, col: 0 });
    expect(move('End', 5, 4, true)).toEqual({ row: 9, col: 8 });
  });

  it('moves a page of rows with PageUp and PageDown, within the grid', () => {
    expect(move('PageDown', 2, 3)).toEqual({ row: 6, col: 3 });
    expect(move('PageDown', 8, 3)).toEqual({ row: 9, col: 3 });
    expect(move('PageUp', 6, 3)).toEqual({ row: 2, col: 3 });
    expect(move('PageUp', 1, 3)).toEqual({ row: -1, col: 3 });
  });

  it('leaves other keys to the cell', () => {
    expect(move('Enter', 2, 3)).toBeUndefined();
    expect(move('c', 2, 3)).toBeUndefined();
    expect(move('Tab', 2, 3)).toBeUndefined();
  });
});

describe('month names', () => {
  it('says the period in the announcement as month and year', () => {
    expect(periodName('2026-03')).toBe('March 2026');
    expect(periodName('2025-12')).toBe('December 2025');
    expect(periodName('soon')).toBe('soon');
  });

  it('labels the trend axis with the short month and year', () => {
    expect(monthTick('2025-12')).toBe('Dec 2025');
    expect(monthTick('2026-01')).toBe('Jan 2026');
    expect(monthTick('2026-09')).toBe('Sep 2026');
    expect(monthTick('2026-13')).toBe('2026-13');
  });
});
