import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** `/Tickets`: for now, points to the per-area lists (the tickets issue replaces this page). */
export default function TicketsPage() {
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Tickets</h1>
          <p className="page-header__lead">
            Every submitted form becomes a ticket. For now, tickets are listed per form area: open a form from{' '}
            <Link to={paths.forms}>Forms</Link> to see its submissions, their status and who asked for them.
          </p>
        </div>
      </div>
    </>
  );
}
