/** Accounts of the built-in identity provider (table `idp_accounts`, seeded demo users). */
import { eq } from 'drizzle-orm';
import type { Account } from 'oidc-provider';
import type { Database } from '../../db/client';
import { idpAccounts } from '../../db/schema';
import { verifyPassword } from '../../lib/password';
import { isStorableText } from '../../lib/storable-input';

/** One row of `idp_accounts`: subject (`id`), username, scrypt hash, e-mail, name and groups. */
export type IdpAccount = typeof idpAccounts.$inferSelect;

/** Loads an account by subject (`id`), or undefined. */
export async function findIdpAccount(db: Database, id: string): Promise<IdpAccount | undefined> {
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.id, id)).limit(1);
  return row;
}

/**
 * Checks a username and password; returns the account or null. Spends the same scrypt work for
 * unknown usernames so response time does not reveal which usernames exist. A username the
 * database could not compare (U+0000, an unpaired surrogate) is an unknown one.
 */
export async function authenticate(db: Database, username: string, password: string): Promise<IdpAccount | null> {
  const name = username.trim().toLowerCase();
  const [row] = isStorableText(name)
    ? await db.select().from(idpAccounts).where(eq(idpAccounts.username, name)).limit(1)
    : [];
  const valid = await verifyPassword(password, row?.passwordHash ?? null);
  return valid && row ? row : null;
}

/** oidc-provider `Account` for a subject: ID-token claims `sub`, `name`, `email`, `email_verified`. */
export function toOidcAccount(account: IdpAccount): Account {
  return {
    accountId: account.id,
    claims: () => ({ sub: account.id, name: account.name, email: account.email, email_verified: true }),
  };
}
