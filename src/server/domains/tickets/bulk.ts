/**
 * `POST /api/tickets/bulk` (docs/behaviour.md "Bulk changes"): one change applied to up to
 * {@link BULK_MAX_ITEMS} tickets, each through {@link updateTicket} in its own transaction (the same
 * checks, history row and `ticketChanged` event as a PATCH), each answered with its own outcome.
 * The body is checked whole first (duplicates, unknown assignee: 422), so a bad request writes nothing.
 */
import type { BulkOutcome, BulkTicketResult, TicketPatch, TicketPriority, TicketStatus } from '../../../shared/tickets';
import { BULK_MAX_ITEMS } from '../../../shared/tickets';
import type { Database } from '../../db/client';
import { badRequest, HttpError, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../role-groups';
import type { TicketEventBus } from './events';
import { findVisibleTicket } from './repository';
import { checkAssignees, IllegalTransition, updateTicket } from './workflow';

/** The bulk change as the route's schema lets it through (unknown keys already removed). */
export type BulkPatchInput = {
  status?: TicketStatus;
  priority?: TicketPriority;
  assignee?: { userId?: string; groupId?: string };
};

const ONE_CHANGE = 'The patch must hold exactly one change: status, priority or assignee (userId or groupId).';

/**
 * The PATCH body a bulk change stands for (`'me'` is the caller). Throws 400 `bad_request` unless
 * the input holds exactly one change (the schema counts keys before Ajv removes unknown ones).
 */
export function bulkPatchOf(input: BulkPatchInput, user: AuthUser): TicketPatch {
  const given = (object: object) => Object.values(object).filter((value) => value !== undefined).length;
  if (given(input) !== 1) throw badRequest(ONE_CHANGE);
  if (input.status !== undefined) return { status: input.status };
  if (input.priority !== undefined) return { priority: input.priority };
  const assignee = input.assignee ?? {};
  if (given(assignee) !== 1) throw badRequest(ONE_CHANGE);
  if (assignee.userId !== undefined) return { assigneeUserId: assignee.userId === 'me' ? user.id : assignee.userId };
  return { assigneeGroupId: assignee.groupId ?? null };
}

/** The outcome of a refused row, or null for an error that is not about this row (rethrown). */
function refusal(error: unknown): { outcome: BulkOutcome; message: string } | null {
  if (error instanceof IllegalTransition) return { outcome: 'conflict', message: error.message };
  if (!(error instanceof HttpError)) return null;
  const outcome = ({ 404: 'not_found', 412: 'stale', 409: 'conflict', 403: 'forbidden' } as const)[
    error.statusCode as 404 | 412 | 409 | 403
  ] as BulkOutcome | undefined;
  return outcome ? { outcome, message: error.message } : null;
}

/**
 * Applies `patch` to each of `items` (`{ id, version read }`) for `user`, in order. Throws 422
 * (`validation_failed`) for more than {@link BULK_MAX_ITEMS} items, a repeated id or an unknown
 * assignee, 400 (`bad_request`) unless `bulkPatch` holds exactly one change, before writing anything; otherwise answers one {@link BulkTicketResult} per item.
 */
export async function bulkUpdateTickets(
  db: Database,
  events: TicketEventBus,
  user: AuthUser,
  items: readonly { id: string; version: number }[],
  bulkPatch: BulkPatchInput,
): Promise<BulkTicketResult[]> {
  const patch = bulkPatchOf(bulkPatch, user);
  if (items.length < 1 || items.length > BULK_MAX_ITEMS) {
    throw validationFailed([{ path: '/items', message: `must list 1 to ${BULK_MAX_ITEMS} tickets` }]);
  }
  const seen = new Set<string>();
  const repeated = items.findIndex(({ id }) => seen.size === seen.add(id).size);
  if (repeated >= 0) {
    throw validationFailed(
      [{ path: `/items/${repeated}/id`, message: 'lists a ticket twice' }],
      'The bulk change has errors.',
    );
  }
  await checkAssignees(db, patch);
  const results: BulkTicketResult[] = [];
  for (const { id, version } of items) {
    const row = await findVisibleTicket(db, user, id);
    if (!row) {
      results.push({ id, number: null, outcome: 'not_found', message: `There is no ticket ${id} that you can see.` });
      continue;
    }
    try {
      const after = await updateTicket(db, events, user, id, patch, version);
      results.push({ id, number: row.number, outcome: 'updated', version: after });
    } catch (error) {
      const refused = refusal(error);
      if (!refused) throw error;
      results.push({ id, number: row.number, ...refused });
    }
  }
  return results;
}
