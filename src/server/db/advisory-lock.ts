/**
 * Work that must not run on two API nodes at once (docs/operations.md "What runs once"): a
 * PostgreSQL session advisory lock per job name, held on one pooled connection while the job runs
 * (PostgreSQL documentation, "Advisory Locks"; the key is `hashtextextended(name, 0)`). On PGlite
 * (one process per data folder) only the in-process part applies. A lock whose connection breaks
 * is released by the server, so a job can overlap a rerun after a database restart: jobs stay
 * idempotent and do whatever is due, the lock only saves the double work.
 */
import type pg from 'pg';
import type { Database } from './client';

/** Every lock name gets this prefix, so the portal's keys stay apart from other users of the database. */
const PREFIX = 'tm-portal:';

const pools = new WeakMap<Database, pg.Pool>();
/** Names held by this process, per database: a second caller in the same process never waits on itself. */
const held = new WeakMap<Database, Set<string>>();

/** Called by openDatabase for a PostgreSQL pool, so the locks below can pin a connection of it. */
export function registerLockPool(db: Database, pool: pg.Pool): void {
  pools.set(db, pool);
}

function heldOf(db: Database): Set<string> {
  let names = held.get(db);
  if (!names) {
    names = new Set();
    held.set(db, names);
  }
  return names;
}

/** `fn`'s value, or `ran: false` when another caller (this process or another node) holds the lock. */
export type ExclusiveResult<T> = { ran: true; value: T } | { ran: false };

/**
 * Takes the lock `name` on a connection of `pool` (`wait`: blocks until free; `try`: gives up at
 * once), runs `fn` and unlocks. A connection whose statements failed, or that may still hold the
 * lock, is destroyed instead of going back to the pool (closing the session releases its locks).
 */
async function holding<T>(
  pool: pg.Pool,
  name: string,
  mode: 'try' | 'wait',
  fn: () => Promise<T>,
): Promise<ExclusiveResult<T>> {
  const key = PREFIX + name;
  const client = await pool.connect();
  let clean = false;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      mode === 'try'
        ? 'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked'
        : 'select pg_advisory_lock(hashtextextended($1, 0)), true as locked',
      [key],
    );
    if (!rows[0]?.locked) {
      clean = true;
      return { ran: false };
    }
    try {
      return { ran: true, value: await fn() };
    } finally {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      clean = true;
    }
  } finally {
    client.release(clean ? undefined : new Error(`advisory lock ${key}: connection state unknown`));
  }
}

/**
 * Runs `fn` unless the lock `name` is held elsewhere, and never waits for it: the hook for
 * scheduled work (the orphan sweep, the built-in provider's cleanup, later a mail outbox or
 * service-level checks) that every node's timer starts and one node at a time does. `fn` uses the
 * database as usual; the lock stays on its own pooled connection until `fn` settles. Rejects with
 * `fn`'s error (the lock is released first).
 */
export async function runExclusively<T>(db: Database, name: string, fn: () => Promise<T>): Promise<ExclusiveResult<T>> {
  const names = heldOf(db);
  if (names.has(name)) return { ran: false };
  names.add(name);
  try {
    const pool = pools.get(db);
    return pool ? await holding(pool, name, 'try', fn) : { ran: true, value: await fn() };
  } finally {
    names.delete(name);
  }
}

/**
 * Runs `fn` holding the lock `name`, waiting as long as another node holds it: for start-up steps
 * that every node runs and exactly one at a time may (migrating and seeding). On PGlite `fn` just runs.
 */
export async function runLocked<T>(db: Database, name: string, fn: () => Promise<T>): Promise<T> {
  const pool = pools.get(db);
  if (!pool) return fn();
  const result = await holding(pool, name, 'wait', fn);
  if (!result.ran) throw new Error(`advisory lock ${name} was not taken`);
  return result.value;
}
