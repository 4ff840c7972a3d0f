/**
 * Throttling of the built-in provider's password check (docs/behaviour.md "Sign-in throttling"),
 * per username and per client address, kept in the table `sign_in_failures` so that it holds across
 * nodes and restarts. An attempt is admitted or refused BEFORE the password is checked, in one
 * transaction that locks the attempt's rows: an admitted attempt is counted as a failure at once
 * (so parallel guesses cannot all slip past the count) and {@link recordSuccess} takes that back.
 * From `delayAfter` failures on, each failure blocks the key for 1 s, 2 s, 4 s … at most 60 s;
 * `lockAfter` failures block it for `lockMs`. Failures are forgotten `lockMs` after the last one.
 */
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { signInFailures } from '../../db/schema';

type Settings = AppConfig['signInThrottle'];

/** The longest delay before the lock, in seconds. */
const MAX_DELAY_S = 60;

/** A block on further attempts: how long it lasts (whole seconds, at least 1) and whether it is the lock. */
export type Block = { waitS: number; isLock: boolean };

/** What the throttle says about one attempt: refused (and for how long), or admitted (and what a failure would start). */
export type Admission = { refused: Block } | { refused: null; ifFailed: Block | null };

/** The rows an attempt counts against: its username (trimmed, lower-cased like the account lookup) and its client address. */
export function throttleKeys(username: string, address: string): { account: string; address: string } {
  return { account: `account:${storableName(username.trim().toLowerCase())}`, address: `address:${address}` };
}

/**
 * `name` with U+0000 and unpaired surrogates replaced by U+FFFD, which the database refuses in a
 * text key: such a name is still counted (as its replacement), never a 500.
 */
function storableName(name: string): string {
  return Array.from(name, (char) =>
    char === '\u0000' || (char.length === 1 && char >= '\ud800' && char <= '\udfff') ? '\ufffd' : char,
  ).join('');
}

/** How long `failures` failures in a row block the key, in milliseconds (0: not at all). */
export function blockAfter(failures: number, settings: Settings): number {
  if (failures >= settings.lockAfter) return settings.lockMs;
  if (failures >= settings.delayAfter) return Math.min(2 ** (failures - settings.delayAfter), MAX_DELAY_S) * 1000;
  return 0;
}

function toBlock(until: Date, failures: number, settings: Settings, now: Date): Block {
  return {
    waitS: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
    isLock: failures >= settings.lockAfter,
  };
}

type Row = typeof signInFailures.$inferSelect;

/** The row as it counts at `now`: failures older than `lockMs` whose block is over are forgotten. */
function current(row: Row, settings: Settings, now: Date): Row {
  const isStale = row.lastFailureAt.getTime() <= now.getTime() - settings.lockMs;
  const isBlocked = row.blockedUntil !== null && row.blockedUntil > now;
  return isStale && !isBlocked ? { ...row, failures: 0, blockedUntil: null } : row;
}

/**
 * Admits one password check for the `keys` ({@link throttleKeys}) or refuses it. Refused while
 * any key is blocked (the longest block is returned; nothing is counted). Admitted otherwise, and
 * then counted as a failure on every key, so `ifFailed` says what block that failure starts.
 */
export async function admitAttempt(
  db: Database,
  settings: Settings,
  keys: string[],
  now: Date = new Date(),
): Promise<Admission> {
  const sorted = [...new Set(keys)].sort();
  return db.transaction(async (tx) => {
    await tx
      .insert(signInFailures)
      .values(sorted.map((key) => ({ key, failures: 0, lastFailureAt: now })))
      .onConflictDoNothing();
    // Rows locked in key order, so two attempts on the same keys never wait on each other in a circle.
    const locked = await tx
      .select()
      .from(signInFailures)
      .where(inArray(signInFailures.key, sorted))
      .orderBy(signInFailures.key)
      .for('update');
    const rows = locked.map((row) => current(row, settings, now));
    const blocked = rows.filter((row) => row.blockedUntil !== null && row.blockedUntil > now);
    if (blocked.length) {
      const longest = blocked.reduce((a, b) => ((b.blockedUntil ?? now) > (a.blockedUntil ?? now) ? b : a));
      return { refused: toBlock(longest.blockedUntil ?? now, longest.failures, settings, now) };
    }
    let ifFailed: Block | null = null;
    for (const row of rows) {
      const failures = row.failures + 1;
      const blockMs = blockAfter(failures, settings);
      const blockedUntil = blockMs ? new Date(now.getTime() + blockMs) : null;
      await tx
        .update(signInFailures)
        .set({ failures, lastFailureAt: now, blockedUntil })
        .where(eq(signInFailures.key, row.key));
      if (blockedUntil && (!ifFailed || blockMs > ifFailed.waitS * 1000)) {
        ifFailed = toBlock(blockedUntil, failures, settings, now);
      }
    }
    return { refused: null, ifFailed };
  });
}

/**
 * Takes back what {@link admitAttempt} counted for an attempt whose password was right: the
 * account's failures are forgotten (a success resets them); the address keeps its earlier ones
 * (one good account must not wipe the count of guesses at others), minus this attempt, and its block
 * ends when it falls below `delayAfter`.
 */
export async function recordSuccess(
  db: Database,
  settings: Settings,
  keys: { account: string; address: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(signInFailures).where(eq(signInFailures.key, keys.account));
    await tx
      .update(signInFailures)
      .set({
        failures: sql`greatest(${signInFailures.failures} - 1, 0)`,
        blockedUntil: sql`case when ${signInFailures.failures} - 1 >= ${settings.delayAfter} then ${signInFailures.blockedUntil} end`,
      })
      .where(eq(signInFailures.key, keys.address));
  });
}

/** Deletes the rows that count for nothing any more (last failure over `lockMs` ago, no block left). */
export async function deleteForgottenFailures(db: Database, settings: Settings, now: Date = new Date()): Promise<void> {
  const before = new Date(now.getTime() - settings.lockMs);
  await db
    .delete(signInFailures)
    .where(
      and(
        lt(signInFailures.lastFailureAt, before),
        or(sql`${signInFailures.blockedUntil} is null`, lt(signInFailures.blockedUntil, now)),
      ),
    );
}

/** The sign-in page's sentence for a block: the lock in minutes, a delay in seconds. */
export function blockMessage(block: Block): string {
  if (block.isLock) {
    const minutes = Math.ceil(block.waitS / 60);
    return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  }
  return `Too many failed sign-in attempts. Wait ${block.waitS} ${block.waitS === 1 ? 'second' : 'seconds'} before trying again.`;
}
