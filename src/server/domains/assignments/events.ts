/**
 * What the assignments domain announces (lib/domain-events): every change of the routing rules.
 * Wired in plugins/domains.ts, where it tells the other API nodes to forget the rules they keep
 * (plugins/cluster-events.ts).
 */
import type { Database } from '../../db/client';
import type { DomainEvents } from '../../lib/domain-events';

/** The events of the assignments domain. */
export type AssignmentEvents = {
  /**
   * Inside the changing transaction, after a rule was created, updated, enabled or disabled,
   * deleted or moved. A listener that throws rolls the change back.
   */
  assignmentRulesChanged: { event: { tx: Database }; result: void };
};

/** The bus as the assignments domain needs it: any bus that carries at least its events. */
export type AssignmentEventBus = Pick<DomainEvents<AssignmentEvents>, 'emit'>;

/** What a change of routing rules needs: the database and the bus it announces the change on. */
export type AssignmentDependencies = { db: Database; events: AssignmentEventBus };
