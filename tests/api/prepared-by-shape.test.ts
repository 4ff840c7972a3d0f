/**
 * src/server/lib/prepared-by-shape.ts on the test database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): one compiled statement per shape of conditions, each run with its own
 * request's values; a value bound without a placeholder is part of the shape; rows decode exactly
 * as drizzle's own execute decodes them (timestamps, jsonb, nulls of left joins, count(), subquery
 * columns), on the driver and through drizzle's fallback inside a transaction.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changes, submissions, users } from '../../src/server/db/schema';
import type { Database } from '../../src/server/db/client';
import {
  MAX_SHAPES,
  PlaceholderBindings,
  PreparedByShape,
  type ShapedSelect,
} from '../../src/server/lib/prepared-by-shape';
import { selectTicketList } from '../../src/server/domains/tickets/repository';
import { selectSubmissions } from '../../src/server/domains/submissions/repository';
import { createTestApp } from './helpers/app';
import { createApTicket, patchTicket } from './helpers/tickets';

type Bind = PlaceholderBindings['bind'];

describe('PreparedByShape', () => {
  let app: FastifyInstance;
  let db: Database;

  beforeAll(async () => {
    app = await createTestApp();
    db = app.db;
    await createApTicket(app, 'employee', 'first', 'P-1001');
    const second = await createApTicket(app, 'employee', 'second', 'P-1002');
    // a due date on one ticket, none on the other; neither has an assignee (nulls from the left joins)
    const patched = await patchTicket(app, 'accounting', second, { priority: 'High', dueAt: '2031-02-03T04:05:06.789Z' });
    expect(patched.statusCode, patched.body).toBe(200);
  });
  afterAll(() => app.close());

  /** Users by e-mail through one shape; counts how often the select was built. */
  function usersByEmail() {
    const shapes = new PreparedByShape<{ email: string | null; probe: string }>();
    let builds = 0;
    const run = (variant: string, condition: (bind: Bind) => SQL | undefined, probe = 'x') => {
      const bindings = new PlaceholderBindings();
      const where = condition(bindings.bind);
      const probeValue = bindings.bind(probe);
      return shapes.run(db, variant, where, bindings, () => {
        builds += 1;
        return db
          .select({ email: users.email, probe: sql<string>`${probeValue}::text` })
          .from(users)
          .where(where)
          .orderBy(users.email)
          .limit(1);
      });
    };
    return { run, builds: () => builds };
  }

  it('builds a shape once and runs it with each request’s values', async () => {
    const { run, builds } = usersByEmail();
    const byEmail = (email: string) => (bind: Bind) => eq(users.email, bind(email));
    const [employee] = await run('a', byEmail('employee@tm.example'), 'one');
    const [accounting] = await run('a', byEmail('accounting@tm.example'), 'two');
    expect(builds()).toBe(1);
    expect(employee).toEqual({ email: 'employee@tm.example', probe: 'one' });
    expect(accounting).toEqual({ email: 'accounting@tm.example', probe: 'two' });
    await expect(run('a', byEmail('nobody@tm.example'))).resolves.toEqual([]);
    await run('b', byEmail('employee@tm.example'));
    expect(builds()).toBe(2);
  });

  it('tells shapes apart by their SQL and by values bound without a placeholder', async () => {
    const { run, builds } = usersByEmail();
    await run('', (bind) => and(eq(users.email, bind('employee@tm.example')), eq(users.name, bind('x'))));
    await run('', (bind) => and(eq(users.email, bind('employee@tm.example')), eq(users.subject, bind('x'))));
    expect(builds()).toBe(2);
    const [employee] = await run('', () => eq(users.email, 'employee@tm.example'));
    const [accounting] = await run('', () => eq(users.email, 'accounting@tm.example'));
    await run('', () => eq(users.email, 'employee@tm.example'));
    expect(builds()).toBe(4);
    expect([employee?.email, accounting?.email]).toEqual(['employee@tm.example', 'accounting@tm.example']);
    await run('', () => sql`true`);
    await run('', () => undefined);
    expect(builds()).toBe(6);
  });

  it(`keeps at most ${MAX_SHAPES} shapes, dropping the oldest`, async () => {
    const { run, builds } = usersByEmail();
    const none = () => sql`false`;
    for (let i = 0; i <= MAX_SHAPES; i += 1) await run(String(i), none);
    expect(builds()).toBe(MAX_SHAPES + 1);
    await run(String(MAX_SHAPES), none);
    expect(builds()).toBe(MAX_SHAPES + 1);
    await run('0', none);
    expect(builds()).toBe(MAX_SHAPES + 2);
  });

  /** The same select through a shape and through drizzle's own execute. */
  async function bothWays<R>(database: Database, build: (bind: Bind) => ShapedSelect<R> & { execute(): Promise<R[]> }) {
    const bindings = new PlaceholderBindings();
    const shaped = await new PreparedByShape<R>().run(database, '', undefined, bindings, () => build(bindings.bind));
    const own = await build((value) => value).execute();
    return { shaped, own };
  }

  it('decodes rows exactly as drizzle does: joins with nulls, timestamps, jsonb, count() and subquery columns', async () => {
    const tickets = await bothWays(db, (bind) =>
      selectTicketList(db).where(eq(submissions.area, bind('AP'))).orderBy(desc(submissions.createdAt)),
    );
    expect(tickets.shaped).toHaveLength(2);
    expect(tickets.shaped).toStrictEqual(tickets.own);
    const [second, first] = tickets.shaped;
    expect(second?.createdAt).toBeInstanceOf(Date);
    expect(second?.dueAt?.toISOString()).toBe('2031-02-03T04:05:06.789Z');
    expect(first?.dueAt).toBeNull();
    expect(first?.assigneeUserId).toBeNull();

    const withData = await bothWays(db, (bind) =>
      selectSubmissions(db).where(eq(submissions.area, bind('AP'))).orderBy(submissions.createdAt),
    );
    expect(withData.shaped).toStrictEqual(withData.own);
    expect(typeof withData.shaped[0]?.data).toBe('object');

    const history = await bothWays(db, (bind) =>
      db
        .select({ id: changes.id, at: changes.at, diff: changes.diff, action: changes.action })
        .from(changes)
        .where(eq(changes.entity, bind('submission')))
        .orderBy(changes.id),
    );
    expect(history.shaped.length).toBeGreaterThan(2);
    expect(history.shaped).toStrictEqual(history.own);

    const counts = await bothWays(db, (bind) => {
      const visible = db
        .select({ status: submissions.status })
        .from(submissions)
        .where(eq(submissions.area, bind('AP')))
        .as('visible');
      return db.select({ status: visible.status, n: count() }).from(visible).groupBy(visible.status).orderBy(visible.status);
    });
    expect(counts.shaped).toStrictEqual(counts.own);
    expect(counts.shaped.reduce((sum, row) => sum + row.n, 0)).toBe(2);
  });

  it('runs drizzle’s own prepared query on a database object that is not a driver’s (a transaction)', async () => {
    await db.transaction(async (tx) => {
      const tickets = await bothWays(tx as unknown as Database, (bind) =>
        selectTicketList(tx as unknown as Database).where(eq(submissions.area, bind('AP'))).orderBy(submissions.createdAt),
      );
      expect(tickets.shaped).toHaveLength(2);
      expect(tickets.shaped).toStrictEqual(tickets.own);
    });
  });

  it('refuses a nested selection, naming its key', async () => {
    const bindings = new PlaceholderBindings();
    const nested = db.select({ requester: { email: users.email } }).from(users);
    await expect(
      new PreparedByShape<unknown>().run(db, '', undefined, bindings, () => nested as unknown as ShapedSelect<unknown>),
    ).rejects.toThrow(/"requester" is neither/);
  });
});
