/**
 * Who refers to a role group. Domains that point at role groups (routing rules, ticket assignees)
 * add a check to the app's {@link GroupReferences} (the `app.groupReferences` decorator, wired in
 * plugins/domains.ts); deleting a group runs every check inside the delete's transaction and is
 * refused with 409 naming what uses it.
 */
import type { Database } from '../../db/client';

/** One thing that uses a group, e.g. `{ kind: 'routing rule', name: 'AP invoices over $5,000' }`. */
export type GroupReference = { kind: string; name: string };

/** Returns what refers to `groupId` (empty when nothing does). Runs on the delete's transaction. */
export type GroupReferenceCheck = (db: Database, groupId: string) => Promise<GroupReference[]>;

/** The reference checks of one app, run in the order they were added. */
export class GroupReferences {
  readonly #checks = new Set<GroupReferenceCheck>();

  /** Adds `check` (adding the same function again is a no-op); returns a function that removes it. */
  add(check: GroupReferenceCheck): () => void {
    this.#checks.add(check);
    return () => {
      this.#checks.delete(check);
    };
  }

  /** Every reference any check reports for `groupId`, in the order the checks were added. */
  async find(db: Database, groupId: string): Promise<GroupReference[]> {
    const found: GroupReference[] = [];
    for (const check of this.#checks) found.push(...(await check(db, groupId)));
    return found;
  }
}

/** `routing rule "A", routing rule "B" and 3 more`: the references a 409 message names (at most 5). */
export function describeReferences(references: readonly GroupReference[]): string {
  const shown = references.slice(0, 5).map((ref) => `${ref.kind} "${ref.name}"`);
  const more = references.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
