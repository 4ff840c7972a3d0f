import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/status-message';
import { areaDetailPath, paths } from '../../../config/paths';
import { useResource } from '../../../lib/use-resource';
import { fetchSoonestBreaches } from '../api';
import { SlaCell } from './sla-cell';

/**
 * The handler's home: the few tickets whose service level breaches soonest (breached first), each
 * with its open target in words, and a link to the whole list sorted the same way.
 */
export function BreachingSoonest() {
  const tickets = useResource('sla-soonest', (signal) => fetchSoonestBreaches(signal));
  return (
    <section className="home-section" aria-labelledby="sla-soonest-title">
      <h2 id="sla-soonest-title">Breaching soonest</h2>
      {tickets.status === 'loading' ? <Loading label="Loading service levels…" /> : null}
      {tickets.status === 'error' ? (
        <LoadError error={tickets.error} onRetry={tickets.reload} what="The service levels" />
      ) : null}
      {tickets.status === 'ready' && tickets.data.length === 0 ? (
        <p className="note">No open ticket you can see has a service level running.</p>
      ) : null}
      {tickets.status === 'ready' && tickets.data.length > 0 ? (
        <ul className="plain-list" data-testid="sla-soonest">
          {tickets.data.map((ticket) => (
            <li key={ticket.id}>
              <Link to={areaDetailPath({ area: ticket.area }, ticket.id)}>{ticket.number}</Link>
              {ticket.summary ? ` — ${ticket.summary}` : ''} · <SlaCell sla={ticket.sla} />
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to={`${paths.tickets}?sort=slaDue`}>All tickets by service level</Link>
      </p>
    </section>
  );
}
