/**
 * The accounting grid: properties (rows) × the month's reports (columns), each cell a
 * status button. Click or Enter/Space moves a cell to its next status; the keys C, R, P and N set
 * Complete, In review, In progress and Not started; arrow keys move between cells. Overdue cells
 * are marked. Built for 500 properties × 8 reports: rows have a fixed height and `contain: layout`,
 * and only the rows in (or near) the scrolled viewport are rendered — all rows when printing.
 */
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
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

const statusClass = (status: AccountingStatus) => `report-cell--${status.toLowerCase().replace(' ', '-')}`;

export type AccountingGridProps = {
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
};

type RowProps = {
  row: AccountingRow;
  index: number;
  reports: readonly ReportDefinition[];
  isSelected: boolean;
  onToggleRow: (code: string) => void;
  onSetStatus?: (cell: AccountingCell, status: AccountingStatus) => void;
};

const GridRow = memo(function GridRow({ row, index, reports, isSelected, onToggleRow, onSetStatus }: RowProps) {
  const { property } = row;
  return (
    <tr className="report-grid__row" aria-rowindex={index + 2} data-row={index}>
      <th scope="row" className="report-grid__property">
        <input
          type="checkbox"
          className="report-grid__select"
          aria-label={`Select ${property.name}`}
          checked={isSelected}
          onChange={() => onToggleRow(property.code)}
        />
        <span className="report-grid__code">{property.code}</span> {property.name}
        <span className="report-grid__region">{property.region}</span>
      </th>
      {reports.map((report, col) => {
        const cell = row.cells[report.key];
        if (!cell) return <td key={report.key} />;
        const label = `${report.name}, ${property.name}: ${cell.status}${cell.isOverdue ? ', overdue' : ''}`;
        const title = `${cell.owner ?? 'No owner'} · due ${cell.dueDate}`;
        const className = `report-cell ${statusClass(cell.status)}${cell.isOverdue ? ' report-cell--overdue' : ''}`;
        return (
          <td key={report.key}>
            {onSetStatus ? (
              <button
                type="button"
                className={className}
                data-col={col}
                aria-label={label}
                title={title}
                onClick={() => onSetStatus(cell, nextStatus(cell.status))}
              >
                {cell.status}
              </button>
            ) : (
              <span className={className} aria-label={label} title={title}>
                {cell.status}
              </span>
            )}
          </td>
        );
      })}
    </tr>
  );
});

/** See the module comment. */
export function AccountingGridTable({
  reports,
  rows,
  selected,
  onToggleRow,
  onToggleAll,
  onSetStatus,
  height = 600,
}: AccountingGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [isPrinting, setPrinting] = useState(false);

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

  const first = isPrinting ? 0 : Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = isPrinting
    ? rows.length
    : Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);

  const focusCell = useCallback((rowIndex: number, col: number) => {
    const box = scroller.current;
    if (!box) return;
    const top = rowIndex * ROW_HEIGHT;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + ROW_HEIGHT * 2 > box.scrollTop + box.clientHeight)
      box.scrollTop = top + ROW_HEIGHT * 2 - box.clientHeight;
    setScrollTop(box.scrollTop);
    const selector = `tr[data-row="${rowIndex}"] button[data-col="${col}"]`;
    const target = box.querySelector<HTMLButtonElement>(selector);
    // Focus at once when the row is rendered, so keys typed right after a move reach the new cell;
    // otherwise after the re-render that the scroll causes.
    if (target) target.focus();
    else requestAnimationFrame(() => box.querySelector<HTMLButtonElement>(selector)?.focus());
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const col = Number(target.dataset.col);
    const rowIndex = Number(target.closest('tr')?.dataset.row);
    if (target.tagName !== 'BUTTON' || Number.isNaN(col) || Number.isNaN(rowIndex)) return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const nextRow = Math.min(rows.length - 1, Math.max(0, rowIndex + move[0]));
      const nextCol = Math.min(reports.length - 1, Math.max(0, col + move[1]));
      focusCell(nextRow, nextCol);
      return;
    }
    const status = KEY_STATUS[event.key.toLowerCase()];
    const row = rows[rowIndex];
    const report = reports[col];
    const cell = row && report ? row.cells[report.key] : undefined;
    if (status && cell && onSetStatus && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      onSetStatus(cell, status);
    }
  };

  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.property.code));
  return (
    <div
      ref={scroller}
      className="report-grid"
      style={{ maxHeight: height }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      onKeyDown={handleKeyDown}
    >
      <table className="report-grid__table" aria-rowcount={rows.length + 1}>
        <thead>
          <tr>
            <th scope="col" className="report-grid__property">
              <input
                type="checkbox"
                aria-label="Select all shown properties"
                checked={allSelected}
                onChange={onToggleAll}
              />{' '}
              Property
            </th>
            {reports.map((report) => (
              <th scope="col" key={report.key}>
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
              onToggleRow={onToggleRow}
              onSetStatus={onSetStatus}
            />
          ))}
          {last < rows.length ? <tr aria-hidden="true" style={{ height: (rows.length - last) * ROW_HEIGHT }} /> : null}
        </tbody>
      </table>
    </div>
  );
}
