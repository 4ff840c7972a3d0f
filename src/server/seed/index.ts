/**
 * First-start seeding, idempotent: every insert is `ON CONFLICT DO NOTHING` on a natural key
 * (property code, role-group name, username), so a restart never duplicates and never overwrites
 * what an administrator changed since.
 */
import { randomUUID } from 'node:crypto';
import type { AreaDefinition } from '../../shared/area';
import { ADMIN_SCOPE, FORMS_SUBMIT_SCOPE, areaScope } from '../../shared/scopes';
import { hashPassword } from '../lib/password';
import type { Database } from '../db/client';
import { idpAccounts, properties, roleGroups } from '../db/schema';
import { seedAssignmentRules } from './assignments';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, HANDLER_GROUPS, SEED_PROPERTIES } from './data';
import { seedReportTracker } from './report-tracker';

/** Seeds properties and role groups; `forms:<Area>:read` goes to the groups an area names as handlers. */
export async function seedPortalData(db: Database, areas: readonly AreaDefinition[]): Promise<void> {
  await db
    .insert(properties)
    .values(SEED_PROPERTIES.map((p) => ({ ...p, active: true })))
    .onConflictDoNothing();
  const handlerGroups = HANDLER_GROUPS.map((group) => ({
    name: group.name,
    description: group.description,
    scopes: [
      ...areas.filter((area) => area.handlers.includes(group.name)).map((area) => areaScope(area.key, 'read')),
      ...group.extraScopes,
    ],
    idpGroupIds: [group.name],
  }));
  await db
    .insert(roleGroups)
    .values([
      { name: 'Administrators', description: 'Full access', scopes: [ADMIN_SCOPE], idpGroupIds: ['Administrators'] },
      { name: 'Employees', description: 'Everyone who signs in', scopes: [FORMS_SUBMIT_SCOPE], includesEveryone: true },
      ...handlerGroups,
    ])
    .onConflictDoNothing({ target: roleGroups.name });
  await seedReportTracker(db);
  await seedAssignmentRules(db, areas);
}

/** Seeds the built-in provider's demo accounts (password `demo`, scrypt-hashed); skips existing ones. */
export async function seedDemoAccounts(db: Database): Promise<void> {
  const existing = new Set(
    (await db.select({ username: idpAccounts.username }).from(idpAccounts)).map((a) => a.username),
  );
  const missing = DEMO_ACCOUNTS.filter((account) => !existing.has(account.username));
  if (!missing.length) return;
  const rows = await Promise.all(
    missing.map(async (account) => ({
      id: randomUUID(),
      username: account.username,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      email: `${account.username}@tm.example`,
      name: account.name,
      groups: [...account.groups],
    })),
  );
  await db.insert(idpAccounts).values(rows).onConflictDoNothing({ target: idpAccounts.username });
}
