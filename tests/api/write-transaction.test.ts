/**
 * src/server/db/write-transaction.ts on the test database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a write transaction commits and rolls back as drizzle's own does; on
 * PostgreSQL its parameterised statements run as named prepared statements of their connection
 * (listed in `pg_prepared_statements` with their text), statements without parameters stay
 * unnamed, and a POST of the AP example stores the same ticket as before.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { changes } from '../../src/server/db/schema';
import { MAX_STATEMENT_NAMES, statementNameOf, writeTransaction } from '../../src/server/db/write-transaction';
import { createTestApp } from './helpers/app';
import { createApTicket } from './helpers/tickets';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type Prepared = { name: string; statement: string };

describe('writeTransaction', () => {
  let app: FastifyInstance;
  let db: Database;

  beforeAll(async () => {
    app = await createTestApp();
    db = app.db;
  });
  afterAll(() => app.close());

  const entityId = (label: string) => `write-transaction-${label}-${Math.random().toString(36).slice(2)}`;

  async function historyRows(id: string): Promise<number> {
    const rows = await db.select({ id: changes.id }).from(changes).where(eq(changes.entityId, id));
    return rows.length;
  }

  it('commits what its callback wrote and answers what the callback answers', async () => {
    const id = entityId('commit');
    const answer = await writeTransaction(db, async (tx) => {
      await tx.insert(changes).values({ entity: 'test', entityId: id, action: 'created', diff: {} });
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await historyRows(id)).toBe(1);
  });

  it('rolls everything back and rethrows when its callback throws', async () => {
    const id = entityId('rollback');
    const failure = new Error('listener refused');
    await expect(
      writeTransaction(db, async (tx) => {
        await tx.insert(changes).values({ entity: 'test', entityId: id, action: 'created', diff: {} });
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await historyRows(id)).toBe(0);
  });

  it('rolls back on an error of the database and keeps serving the next transaction', async () => {
    const id = entityId('database-error');
    await expect(
      writeTransaction(db, async (tx) => {
        await tx.insert(changes).values({ entity: 'test', entityId: id, action: 'created', diff: {} });
        await tx.execute(sql`select ${'not a number'}::integer`);
      }),
    ).rejects.toThrow();
    expect(await historyRows(id)).toBe(0);
    // the same named statements again, on whichever connection the pool hands out
    for (let round = 0; round < 12; round += 1) {
      await writeTransaction(db, async (tx) => {
        await tx.insert(changes).values({ entity: 'test', entityId: id, action: 'created', diff: {} });
      });
    }
    expect(await historyRows(id)).toBe(12);
  });

  it.skipIf(!onPostgres)('on PostgreSQL, prepares each parameterised statement once per connection, under its name', async () => {
    const text = 'select "id" from "changes" where "entity_id" = $1';
    const prepared = await writeTransaction(db, async (tx) => {
      await tx.execute(sql`select "id" from "changes" where "entity_id" = ${'probe'}`);
      await tx.execute(sql`select "id" from "changes" where "entity_id" = ${'probe again'}`);
      const result = await tx.execute(sql`select "name", "statement" from pg_prepared_statements`);
      return (result as { rows: Prepared[] }).rows;
    });
    const name = statementNameOf(text);
    expect(name).toMatch(/^tm_write_\d+$/);
    expect(prepared.filter((row) => row.statement === text)).toEqual([{ name, statement: text }]);
    // `select … from pg_prepared_statements` has no parameters: not prepared
    expect(prepared.some((row) => row.statement.includes('pg_prepared_statements'))).toBe(false);
  });

  it.skipIf(onPostgres)('on PGlite, is drizzle’s own transaction: nothing is prepared by name', async () => {
    const prepared = await writeTransaction(db, async (tx) => {
      await tx.execute(sql`select "id" from "changes" where "entity_id" = ${'probe'}`);
      const result = await tx.execute(sql`select "name" from pg_prepared_statements`);
      return (result as { rows: Prepared[] }).rows;
    });
    expect(prepared).toEqual([]);
  });

  it.skipIf(!onPostgres)('on PostgreSQL, stores submissions through its named creating statement', async () => {
    const numbers: string[] = [];
    for (const summary of ['named one', 'named two', 'named three'])
      numbers.push(await createApTicket(app, 'employee', summary, 'P-1001'));
    expect(new Set(numbers).size).toBe(3);
    // every idle connection of the pool at once (the POSTs gave theirs back), each in a
    // transaction of its own: together they hold every statement the POSTs prepared
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const POOL_SIZE = pool.idleCount;
    expect(POOL_SIZE).toBeGreaterThan(0);
    let entered = 0;
    let openBarrier = () => {};
    const barrier = new Promise<void>((resolve) => (openBarrier = resolve));
    const perConnection = await Promise.all(
      Array.from({ length: POOL_SIZE }, () =>
        writeTransaction(db, async (tx) => {
          entered += 1;
          if (entered === POOL_SIZE) openBarrier();
          await barrier;
          const result = await tx.execute(sql`select "name", "statement" from pg_prepared_statements`);
          return (result as { rows: Prepared[] }).rows;
        }),
      ),
    );
    const creating = perConnection.flat().filter((row) => row.statement.includes('insert into "area_counters"'));
    expect(creating.length).toBeGreaterThan(0);
    for (const row of creating) expect(row.name).toBe(statementNameOf(row.statement));
  });
});

describe('statementNameOf', () => {
  it('names one text the same every time and two texts differently', () => {
    const a = statementNameOf('select $1::text as "a"');
    const b = statementNameOf('select $1::text as "b"');
    expect(statementNameOf('select $1::text as "a"')).toBe(a);
    expect(a).not.toBe(b);
  });

  it(`names at most ${MAX_STATEMENT_NAMES} texts, and a text past them never`, () => {
    const names = new Set<string>();
    for (let i = 0; i < MAX_STATEMENT_NAMES + 10; i += 1) {
      const name = statementNameOf(`select $1::integer + ${i}`);
      if (name) names.add(name);
    }
    expect(names.size).toBeLessThanOrEqual(MAX_STATEMENT_NAMES);
    expect(statementNameOf(`select $1::integer + ${MAX_STATEMENT_NAMES + 9}`)).toBeUndefined();
  });
});
