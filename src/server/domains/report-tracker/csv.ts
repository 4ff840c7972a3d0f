/**
 * CSV of an accounting grid (docs/behaviour.md "CSV exports"), RFC 4180 via csv-stringify: one row
 * per grid row, in grid order; columns Property, Name, Region, then per configured report its
 * status, owner and due date — exactly what the grid shows.
 */
import { stringify } from 'csv-stringify/sync';
import type { AccountingGrid } from '../../../shared/report-tracker';

/** The header and rows of {@link gridCsv}, as arrays of strings. */
export function gridCsvRecords(grid: AccountingGrid): string[][] {
  const header = ['Property', 'Name', 'Region'];
  for (const report of grid.reports) header.push(report.name, `${report.name} owner`, `${report.name} due`);
  const rows = grid.rows.map((row) => {
    const values = [row.property.code, row.property.name, row.property.region];
    for (const report of grid.reports) {
      const cell = row.cells[report.key];
      values.push(cell?.status ?? '', cell?.owner ?? '', cell?.dueDate ?? '');
    }
    return values;
  });
  return [header, ...rows];
}

/** The grid as CSV text (CRLF line ends, RFC 4180). */
export function gridCsv(grid: AccountingGrid): string {
  return stringify(gridCsvRecords(grid), { record_delimiter: 'windows' });
}
