import { Link } from 'react-router';
import type { Submission } from '../../../../shared/submission';
import { areaDetailPath, type AreaLocation } from '../../../config/paths';
import { formatDateAndTime } from '../../../lib/date-format';
import { columnValue, formatListValue, type ListColumn } from '../list-format';
import { StatusBadge } from '../../../components/ui';

/** When a submission was made: its date and its time, which the column may put on two lines. */
function CreatedAt({ value }: { value: string }) {
  const [day, time] = formatDateAndTime(value);
  return (
    <time dateTime={value} className="data-table__when">
      <span>{time ? `${day},` : day}</span> <span>{time}</span>
    </time>
  );
}

/**
 * The table of an area's submissions: Number (a link to the submission), the area's list
 * columns, Status, Requester and Created. Below 768 px each row shows as a card (cells labelled by `data-label`).
 * Its headers and its Created cells may take two lines, so an area's columns fit a laptop's width.
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
      <table className="data-table data-table--wrapping-headers">
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
                <CreatedAt value={item.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
