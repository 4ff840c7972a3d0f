/**
 * Lists become cards below 768 px (a breakpoint of styles/base.css): each cell of a
 * `table.data-table` shows its column's name before its value (styles/shell.css reads the
 * cell's `data-label`). Tables that set `data-label` themselves keep theirs; for every other cell
 * the label is taken from the column header, so any list page gets readable cards.
 */
import { useEffect, type RefObject } from 'react';

/**
 * Sets `data-label` on every body cell of each `table.data-table` under `root` that has none, to
 * the text of the header cell above it (last header row; column spans counted). Cells spanning
 * several columns (e.g. an "empty list" row) are left alone.
 */
export function labelTableCells(root: ParentNode): void {
  for (const table of root.querySelectorAll<HTMLTableElement>('table.data-table')) {
    const headerRow = table.tHead?.rows[table.tHead.rows.length - 1];
    if (!headerRow) continue;
    const labels: string[] = [];
    for (const header of headerRow.cells) {
      const text = header.textContent?.trim() ?? '';
      for (let span = 0; span < header.colSpan; span += 1) labels.push(text);
    }
    for (const body of table.tBodies) {
      for (const row of body.rows) {
        let column = 0;
        for (const cell of row.cells) {
          const label = labels[column];
          if (cell.colSpan === 1 && label && !cell.hasAttribute('data-label')) cell.setAttribute('data-label', label);
          column += cell.colSpan;
        }
      }
    }
  }
}

/**
 * Keeps the cells of the lists inside `ref`'s element labelled while pages render and re-render
 * (one pass per animation frame after DOM changes). For the layouts that hold list pages.
 */
export function useTableCardLabels(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    let frame = 0;
    const schedule = () => {
      if (frame === 0) {
        frame = requestAnimationFrame(() => {
          frame = 0;
          labelTableCells(root);
        });
      }
    };
    const observer = new MutationObserver(schedule);
    observer.observe(root, { childList: true, subtree: true });
    schedule();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref]);
}
