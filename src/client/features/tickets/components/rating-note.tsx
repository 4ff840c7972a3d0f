/**
 * On a submission's detail page (the requester's view of their request): once the ticket is
 * Resolved or Closed, its rating ("Rated 4/5") or, for its requester, a "Rate this ticket" link to
 * the feedback form (`/TicketFeedback`) pre-linked to it. Renders nothing before that.
 */
import { Link } from 'react-router';
import { DONE_STATUSES, type TicketStatus } from '../../../../shared/tickets';
import { areaDetailPath } from '../../../config/paths';
import { useResource } from '../../../lib/use-resource';
import { fetchTicket } from '../api';
import { ButtonLink } from '../../../components/ui';

function RatingNoteLoaded({ id }: { id: string }) {
  const ticket = useResource(`ticket:${id}`, (signal) => fetchTicket(id, signal));
  if (ticket.status !== 'ready') return null;
  const { feedback, allowed } = ticket.data.ticket;
  if (feedback) {
    return (
      <p className="note" data-testid="submission-rating">
        <Link to={areaDetailPath({ area: feedback.area }, feedback.id)}>
          {feedback.rating === null ? 'Rated' : `Rated ${feedback.rating}/5`}
        </Link>
      </p>
    );
  }
  if (!allowed?.feedbackForm) return null;
  return (
    <p className="note">
      This request is resolved. How did it go? <ButtonLink to={allowed.feedbackForm}>Rate this ticket</ButtonLink>
    </p>
  );
}

/** See the module comment. */
export function RatingNote({ id, status }: { id: string; status: TicketStatus }) {
  return DONE_STATUSES.includes(status) ? <RatingNoteLoaded id={id} /> : null;
}
