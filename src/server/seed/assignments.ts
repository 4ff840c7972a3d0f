/**
 * Demo assignment rules for a fresh machine (docs/behaviour.md "Routing"), seeded once: only while
 * no assignment rule has ever been written (no `assignment_rule` change in the history), so a
 * restart never brings back a rule an administrator deleted. A rule whose area or role group does
 * not exist (e.g. the test fixture schemas) is skipped. Each seeded rule gets its `created` change
 * (no actor).
 */
import { eq } from 'drizzle-orm';
import type { AreaDefinition } from '../../shared/area';
import type { Database } from '../db/client';
import { assignmentRules, changes, roleGroups } from '../db/schema';

/** A demo routing rule: name, area, optional field condition and the role group it assigns to. */
type SeedRule = { name: string; area: string; field?: { pointer: string; value: string }; group: string };

/** In order: the first matching rule wins, so the specific incident rule precedes the catch-all. */
export const SEED_ASSIGNMENT_RULES: readonly SeedRule[] = [
  { name: 'Resident service requests → Maintenance', area: 'ResidentService', group: 'Maintenance' },
  {
    name: 'Water-leak incident reports → Maintenance',
    area: 'IncidentReport',
    field: { pointer: '/incidentType', value: 'Water leak or flood' },
    group: 'Maintenance',
  },
  { name: 'Incident reports → Risk & compliance', area: 'IncidentReport', group: 'Risk & compliance' },
  { name: 'Yardi support → IT', area: 'Yardi', group: 'IT' },
  { name: 'Technology requests → IT', area: 'TechnologyRequest', group: 'IT' },
];

/** Seeds {@link SEED_ASSIGNMENT_RULES} (see the module comment); run after the role groups are seeded. */
export async function seedAssignmentRules(db: Database, areas: readonly AreaDefinition[]): Promise<void> {
  const [written] = await db
    .select({ id: changes.id })
    .from(changes)
    .where(eq(changes.entity, 'assignment_rule'))
    .limit(1);
  if (written) return;
  const groups = new Map((await db.select().from(roleGroups)).map((group) => [group.name, group.id]));
  const keys = new Set(areas.map((area) => area.key));
  const rules = SEED_ASSIGNMENT_RULES.flatMap((rule) => {
    const groupId = groups.get(rule.group);
    return groupId !== undefined && keys.has(rule.area) ? [{ ...rule, groupId }] : [];
  });
  if (!rules.length) return;
  await db.transaction(async (tx) => {
    for (const [index, rule] of rules.entries()) {
      const [row] = await tx
        .insert(assignmentRules)
        .values({
          name: rule.name,
          position: index + 1,
          area: rule.area,
          fieldPointer: rule.field?.pointer ?? null,
          fieldValue: rule.field?.value ?? null,
          assigneeGroupId: rule.groupId,
        })
        .onConflictDoNothing({ target: assignmentRules.name })
        .returning();
      if (!row) continue;
      const diff = {
        name: { from: null, to: row.name },
        area: { from: null, to: row.area },
        field: { from: null, to: row.fieldPointer },
        value: { from: null, to: row.fieldValue },
        assigneeGroupId: { from: null, to: row.assigneeGroupId },
        position: { from: null, to: row.position },
      };
      await tx.insert(changes).values({ entity: 'assignment_rule', entityId: row.id, action: 'created', diff });
    }
  });
}
