/**
 * Tickets: the work on a submission after it is stored — the ticket list and counts, the
 * workflow (statuses, transitions, priority, assignee, due date), comments, the history, ticket
 * feedback (which reacts to `submissionCreated`) and the CSV export.
 */
export { bulkUpdateTickets } from './bulk';
export { listComments, postComment } from './comments';
export type { CommentPosted, TicketChanged, TicketEvents, TicketFieldChange } from './events';
export type { TicketRow } from './repository';
export { exportTicketsCsv } from './export';
export { objectToFeedback, ratedTicketOf, recordFeedbackOfSubmission } from './feedback';
export { lastResolverId, listChanges } from './history';
export { countTickets, listTickets, withStoredNumberCase } from './list';
export { readTicketRow, ticketEtag, ticketsAssignedToGroup, versionFromIfMatch } from './repository';
export { readTicket, ticketAssigneeOptions } from './view';
export { IllegalTransition, staleVersion, updateTicket } from './workflow';
