/**
 * The accounting grid: properties (rows) × the month's reports (columns), each cell a status, as
 * the WAI-ARIA grid pattern (https://www.w3.org/WAI/ARIA/apg/patterns/grid/) with one Tab stop
 * (roving tabindex: the cell last focused; the header row and the property column's checkboxes
 * are cells too). Arrow keys move one cell, Home/End to the row's first/last cell, Ctrl+Home/End
 * to the grid's first/last cell, PageUp/PageDown a screenful of rows. Click or Enter/Space moves
 * a cell to its next status; the keys C, R, P and N set Complete, In review, In progress and Not
 * started; each change is announced in a polite live region ("Bank reconciliation, P-1001,
 * August 2025: Complete"). Overdue cells are marked. Built for 500 properties × 8 reports: rows
 * have a fixed height and `contain: layout`, and only the rows in (or near) the scrolled viewport
 * are rendered — all rows when printing. docs/behaviour.md "Keyboard: grids, tabs and selects".
 */
import { memo, useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import {
  ACCOUNTING_STATUSES,
  type AccountingCell,
  type AccountingRow,
  type AccountingStatus,
  type ReportDefinition,
} from '../../../../shared/report-tracker';

/** Row height in px (CSS `.report-grid__row` uses the same value). */
export const ROW_HEIGHT = 44;
const OVERSCAN = 8;
const KEY_STATUS: Record<string, AccountingStatus> = {
  c: 'Complete',
  r: 'In review',
  p: 'In progress',
  n: 'Not started',
};

/** The status after `status` in the cycle Not started → In progress → In review → Complete → Not started. */
export function nextStatus(status: AccountingStatus): AccountingStatus {
  const index = ACCOUNTING_STATUSES.indexOf(status);
  return ACCOUNTING_STATUSES[(index + 1) % ACCOUNTING_STATUSES.length] ?? 'Not started';
}

/** `2026-03` → "March 2026" (the period as the live region says it); other text is returned as is. */
export function periodName(period: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return period;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A cell's place: `row` -1 is the header row, `col` 0 the property column, `col` k the k-th report. */
export type GridPosition = { row: number; col: number };

/**
 * Where a grid key moves the focus from `from` in a grid of `rowCount` body rows (plus the header
 * row, -1) and `colCount` columns, `pageRows` rows a screenful; `undefined` for other keys.
 */
export function moveFor(
  key: string,
  ctrl: boolean,
  from: GridPosition,
  rowCount: number,
  colCount: number,
  pageRows: number,
): GridPosition | undefined {
  const lastRow = rowCount - 1;
  const lastCol = colCount - 1;
  const clampRow = (row: number) => Math.min(lastRow, Math.max(-1, row));
  const clampCol = (col: number) => Math.min(lastCol, Math.max(0, col));
  switch (key) {
    case 'ArrowUp':
      return { row: clampRow(from.row - 1), col: from.col };
    case 'ArrowDown':
      return { row: clampRow(from.row + 1), col: from.col };
    case 'ArrowLeft':
      return { row: from.row, col: clampCol(from.col - 1) };
    case 'ArrowRight':
      return { row: from.row, col: clampCol(from.col + 1) };
    case 'Home':
      return ctrl ? { row: -1, col: 0 } : { row: from.row, col: 0 };
    case 'End':
      return ctrl ? { row: lastRow, col: lastCol } : { row: from.row, col: lastCol };
    case 'PageUp':
      return { row: clampRow(from.row - pageRows), col: from.col };
    case 'PageDown':
      return { row: clampRow(from.row + pageRows), col: from.col };
    default:
      return undefined;
  }
}

const statusClass = (status: AccountingStatus) => `report-cell--${status.toLowerCase().replace(' ', '-')}`;
const cellKey = (row: number, col: number) => `${row}:${col}`;

export type AccountingGridProps = {
  /** The grid's accessible name, e.g. "Accounting 2026-03". */
  label: string;
  /** The month shown, `YYYY-MM` (said in the announcement of a change). */
  period: string;
  reports: readonly ReportDefinition[];
  rows: readonly AccountingRow[];
  /** Property codes ticked for bulk changes. */
  selected: ReadonlySet<string>;
  onToggleRow: (code: string) => void;
  onToggleAll: () => void;
  /** Absent: read-only grid (cells are not buttons). */
  onSetStatus?: (cell: AccountingCell, status: AccountingStatus) => void;
  /** Viewport height in px of the scrolling body (default 600). */
  height?: number;
  /** Changes are being saved: the grid is `aria-busy` (the live region, outside it, still speaks). */
  isSaving?: boolean;
};

type RowProps = {
  row: AccountingRow;
  index: number;
  reports: readonly ReportDefinition[];
  isSelected: boolean;
  /** The column holding the grid's Tab stop when this row does, else `null`. */
  tabCol: number | null;
  onToggleRow: (code: string) => void;
  onChangeStatus?: (row: AccountingRow, report: ReportDefinition, status: AccountingStatus) => void;
};

const GridRow = memo(function GridRow({
  row,
  index,
  reports,
  isSelected,
  tabCol,
  onToggleRow,
  onChangeStatus,
}: RowProps) {
  const { property } = row;
  const tabIndex = (col: number) => (tabCol === col ? 0 : -1);
  return (
    <tr className="report-grid__row" aria-rowindex={index + 2} data-row={index}>
      <th scope="row" className="report-grid__property">
        <input
          type="checkbox"
          className="report-grid__select"
          aria-label={`Select ${property.name}`}
          data-cell={cellKey(index, 0)}
          tabIndex={tabIndex(0)}
          checked={isSelected}
          onChange={() => onToggleRow(property.code)}
        />
        <span className="report-grid__code">{property.code}</span> {property.name}
        <span className="report-grid__region">{property.region}</span>
      </th>
      {reports.map((report, i) => {
        const col = i + 1;
        const cell = row.cells[report.key];
        if (!cell)
          return <td key={report.key} role="gridcell" data-cell={cellKey(index, col)} tabIndex={tabIndex(col)} />;
        const overdue = cell.isOverdue ? ', overdue' : '';
        const title = `${cell.owner ?? 'No owner'} · due ${cell.dueDate}`;
        const className = `report-cell ${statusClass(cell.status)}${cell.isOverdue ? ' report-cell--overdue' : ''}`;
        return onChangeStatus ? (
          <td key={report.key} role="gridcell">
            <button
              type="button"
              className={className}
              data-col={i}
              data-cell={cellKey(index, col)}
              tabIndex={tabIndex(col)}
              aria-label={`${report.name}, ${property.name}: ${cell.status}${overdue}`}
              title={title}
              onClick={() => onChangeStatus(row, report, nextStatus(cell.status))}
            >
              {cell.status}
            </button>
          </td>
        ) : (
          <td key={report.key} role="gridcell" data-cell={cellKey(index, col)} tabIndex={tabIndex(col)} title={title}>
            <span className={className}>
              {cell.status}
              {overdue ? <span className="visually-hidden">{overdue}</span> : null}
            </span>
          </td>
        );
      })}
    </tr>
  );
});

function parseCell(element: Element | null): GridPosition | undefined {
  const match = /^(-?\d+):(\d+)$/.exec(element?.getAttribute('data-cell') ?? '');
  return match ? { row: Number(match[1]), col: Number(match[2]) } : undefined;
}

/** See the module comment. */
export function AccountingGridTable({
  label,
  period,
  reports,
  rows,
  selected,
  onToggleRow,
  onToggleAll,
  onSetStatus,
  height = 600,
  isSaving = false,
}: AccountingGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [isPrinting, setPrinting] = useState(false);
  const [active, setActive] = useState<GridPosition>({ row: 0, col: 1 });
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const before = () => setPrinting(true);
    const after = () => setPrinting(false);
    // Print media also changes without the print events (print preview, emulated media).
    const media = window.matchMedia('print');
    const change = () => setPrinting(media.matches);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    media.addEventListener('change', change);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      media.removeEventListener('change', change);
    };
  }, []);

  const colCount = reports.length + 1;
  const first = isPrinting ? 0 : Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = isPrinting
    ? rows.length
    : Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  // The Tab stop: the active cell, or the nearest rendered row's cell in its column while the
  // active row is scrolled out of the rendered rows (or gone after a filter).
  const tabRow = active.row < 0 ? -1 : Math.min(Math.max(active.row, first), last - 1);
  const tabCol = Math.min(active.col, colCount - 1);

  const focusCell = useCallback((to: GridPosition) => {
    const box = scroller.current;
    if (!box) return;
    setActive(to);
    if (to.row >= 0) {
      // the sticky header row covers the first body row's height
      const top = to.row * ROW_HEIGHT;
      if (top < box.scrollTop) box.scrollTop = top;
      else if (top + ROW_HEIGHT * 2 > box.scrollTop + box.clientHeight)
        box.scrollTop = top + ROW_HEIGHT * 2 - box.clientHeight;
    } else box.scrollTop = 0;
    setScrollTop(box.scrollTop);
    const selector = `[data-cell="${cellKey(to.row, to.col)}"]`;
    const target = box.querySelector<HTMLElement>(selector);
    // Focus at once when the row is rendered, so keys typed right after a move reach the new cell;
    // otherwise after the re-render that the scroll causes.
    if (target) target.focus();
    else requestAnimationFrame(() => box.querySelector<HTMLElement>(selector)?.focus());
  }, []);

  const changeStatus = useCallback(
    (row: AccountingRow, report: ReportDefinition, status: AccountingStatus) => {
      const cell = row.cells[report.key];
      if (!cell || !onSetStatus || cell.status === status) return;
      onSetStatus(cell, status);
      // a no-break space toggled on the end makes a repeated message a change the reader announces
      setAnnouncement((previous) => {
        const text = `${report.name}, ${row.property.code}, ${periodName(period)}: ${status}`;
        return previous === text ? `${text}\u00a0` : text;
      });
    },
    [onSetStatus, period],
  );

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = parseCell(event.target as Element);
    if (!from || event.altKey) return;
    const ctrl = event.ctrlKey || event.metaKey;
    const pageRows = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);
    const to = moveFor(event.key, ctrl, from, rows.length, colCount, pageRows);
    if (to) {
      event.preventDefault();
      focusCell(to);
      return;
    }
    const status = KEY_STATUS[event.key.toLowerCase()];
    const row = rows[from.row];
    const report = reports[from.col - 1];
    if (status && row && report && !ctrl) {
      event.preventDefault();
      changeStatus(row, report, status);
    }
  };

  // a click (or a focus by any other means) on a cell makes it the Tab stop
  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    const at = parseCell(event.target);
    if (at && (at.row !== active.row || at.col !== active.col)) setActive(at);
  };

  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.property.code));
  const headerTab = (col: number) => (tabRow === -1 && tabCol === col ? 0 : -1);
  return (
    <>
      <div
        ref={scroller}
        className="report-grid"
        aria-busy={isSaving}
        style={{ maxHeight: height }}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        onKeyDown={handleKeyDown}
        onFocus={handleFocus}
      >
        <table
          className="report-grid__table"
          role="grid"
          aria-label={label}
          aria-rowcount={rows.length + 1}
          aria-colcount={colCount}
        >
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col" className="report-grid__property">
                <input
                  type="checkbox"
                  aria-label="Select all shown properties"
                  data-cell={cellKey(-1, 0)}
                  tabIndex={headerTab(0)}
                  checked={allSelected}
                  onChange={onToggleAll}
                />{' '}
                Property
              </th>
              {reports.map((report, i) => (
                <th scope="col" key={report.key} data-cell={cellKey(-1, i + 1)} tabIndex={headerTab(i + 1)}>
                  {report.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {first > 0 ? <tr aria-hidden="true" style={{ height: first * ROW_HEIGHT }} /> : null}
            {rows.slice(first, last).map((row, offset) => (
              <GridRow
                key={row.property.code}
                row={row}
                index={first + offset}
                reports={reports}
                isSelected={selected.has(row.property.code)}
                tabCol={first + offset === tabRow ? tabCol : null}
                onToggleRow={onToggleRow}
                onChangeStatus={onSetStatus ? changeStatus : undefined}
              />
            ))}
            {last < rows.length ? (
              <tr aria-hidden="true" style={{ height: (rows.length - last) * ROW_HEIGHT }} />
            ) : null}
          </tbody>
        </table>
      </div>
      <p className="visually-hidden" role="status" data-testid="grid-announcement">
        {announcement}
      </p>
    </>
  );
}
