import { Link } from 'react-router';
import type { Submission } from '../../../../shared/submission';
import { areaDetailPath, type AreaLocation } from '../../../config/paths';
import { formatDateTime } from '../../../lib/date-format';
import { columnValue, formatListValue, type ListColumn } from '../list-format';
import { StatusBadge } from '../../../components/ui';

/**
 * The table of an area's submissions: Number (a link to the submission), the area's list
 * columns, Status, Requester and Created. Below 768 px each row shows as a card (cells labelled by `data-label`).
 */
export function SubmissionsTable({
  caption,
  items,
  columns,
  location,
  propertyLabels,
}: {
  caption: string;
  items: Submission[];
  columns: ListColumn[];
  location: AreaLocation;
  propertyLabels: ReadonlyMap<string, string> | null;
}) {
  // An area may have its own "Status" field (e.g. a follow-up's action status): keep both readable.
  const statusHeader = columns.some((column) => column.title.trim().toLowerCase() === 'status')
    ? 'Ticket status'
    : 'Status';
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            {columns.map((column) => (
              <th scope="col" key={column.key}>
                {column.title}
              </th>
            ))}
            <th scope="col">{statusHeader}</th>
            <th scope="col">Requester</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row" data-label="Number">
                <Link to={areaDetailPath(location, item.id)}>{item.number}</Link>
              </th>
              {columns.map((column) => (
                <td key={column.key} data-label={column.title}>
                  {formatListValue(columnValue(item.data, column), column, { propertyLabels })}
                </td>
              ))}
              <td data-label={statusHeader}>
                <StatusBadge status={item.status} />
              </td>
              <td data-label="Requester">{item.requester.name}</td>
              <td data-label="Created">
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
