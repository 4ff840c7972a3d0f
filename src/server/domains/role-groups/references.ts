/**
 * Who refers to a role group (issue 6: "deleting a group that routing rules use is refused with a
 * clear message naming those rules"). Features that point at role groups — routing rules
 * (`assignment_rules.assignee_group_id`), ticket assignees — register a check; deleting a group
 * runs them all inside the delete transaction and refuses (409) when any names a reference.
 */
import type { Database } from '../../db/client';

/** One thing that uses a group, e.g. `{ kind: 'routing rule', name: 'AP invoices over $5,000' }`. */
export type GroupReference = { kind: string; name: string };

/** Returns what refers to `groupId` (empty when nothing does). Runs on the delete's transaction. */
export type GroupReferenceCheck = (db: Database, groupId: string) => Promise<GroupReference[]>;

const checks = new Set<GroupReferenceCheck>();

/**
 * Registers `check` (once: registering the same function again is a no-op). Returns a function
 * that unregisters it (tests).
 */
export function registerGroupReferenceCheck(check: GroupReferenceCheck): () => void {
  checks.add(check);
  return () => {
    checks.delete(check);
  };
}

/** Every reference any registered check reports for `groupId`, in registration order. */
export async function findGroupReferences(db: Database, groupId: string): Promise<GroupReference[]> {
  const found: GroupReference[] = [];
  for (const check of checks) found.push(...(await check(db, groupId)));
  return found;
}

/** `routing rule "A", routing rule "B" and 3 more`: the references a 409 message names (at most 5). */
export function describeReferences(references: readonly GroupReference[]): string {
  const shown = references.slice(0, 5).map((ref) => `${ref.kind} "${ref.name}"`);
  const more = references.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
