/**
 * What the service-level domain announces (lib/domain-events): a target of a ticket is about to
 * be breached or was breached (check.ts). Announced inside the check's transaction, once per
 * ticket, target, state and due time.
 */
import type { Database } from '../../db/client';

/** A target due within the hour (`breaching`) or past due (`breached`). `dueAt`: ISO 8601 UTC. */
export type SlaBreaching = {
  tx: Database;
  ticket: { id: string; number: string; area: string; assigneeUserId: string | null; assigneeGroupId: string | null };
  target: 'firstResponse' | 'resolution';
  dueAt: string;
  state: 'breaching' | 'breached';
};

/** The events of the service-level domain. */
export type SlaEvents = {
  slaBreaching: { event: SlaBreaching; result: void };
};
