/**
 * What the role-groups domain announces (lib/domain-events): every change that can alter someone's
 * effective access. Wired in plugins/domains.ts, where it tells the other API nodes to forget the
 * access they remember (docs/operations.md).
 */
import type { Database } from '../../db/client';
import type { DomainEvents } from '../../lib/domain-events';

/** The events of the role-groups domain. */
export type RoleGroupEvents = {
  /**
   * Inside the changing transaction, after a group was created, updated or deleted or a member was
   * added or removed (only when something changed). A listener that throws rolls the change back.
   */
  roleGroupsChanged: { event: { tx: Database }; result: void };
};

/** The bus as the role-groups domain needs it: any bus that carries at least its events. */
export type RoleGroupEventBus = Pick<DomainEvents<RoleGroupEvents>, 'emit'>;

/** What a change of role groups needs: the database and the bus it announces the change on. */
export type RoleGroupDependencies = { db: Database; events: RoleGroupEventBus };
