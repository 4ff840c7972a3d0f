/**
 * The stack's floor for a submission, started by `npm run bench:submit` as a child process (docs/
 * performance.md "Submission throughput"): a Fastify server whose `POST /submissions` takes the
 * JSON body as the submission's data, does the bench's direct work with it in its fastest form —
 * one statement, one round trip (submit-work.ts `DIRECT_AS_ONE_SQL`: the counter bump, the
 * insert, the history entry) — and answers 201 with the new row's id and number. No sign-in, no
 * validation, no events, nothing of the portal's: what a server on this stack (Fastify,
 * node-postgres or PGlite) costs around the direct work at the least. `GET /health` answers 204.
 *
 * Environment: FLOOR_PORT (listens on 127.0.0.1); FLOOR_DATABASE_URL, a PostgreSQL database the
 * portal's migrations have made (a node-postgres pool of 10 connections, as the server's; the
 * statement prepared under a name once per connection), with FLOOR_REQUESTER_ID a user there; or
 * else FLOOR_DATA_DIR, a PGlite folder this process migrates and gives a user and the example's
 * property.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import Fastify from 'fastify';
import pg from 'pg';
import { AP_EXAMPLE, createdDiff, DIRECT_AS_ONE_SQL, SUMMARY } from './submit-work';

type Stored = { id: string; number: string };

const ROOT = join(import.meta.dirname, '..', '..');

/** The statement's parameters for `data` stored by `requesterId`. */
const values = (data: unknown, requesterId: string) => [
  data,
  AP_EXAMPLE.property,
  SUMMARY,
  requesterId,
  randomUUID(),
  createdDiff('', data),
];

/** Stores `data` on PostgreSQL. */
function postgresStore(url: string, requesterId: string): (data: unknown) => Promise<Stored> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return async (data) =>
    (await pool.query<Stored>({ name: 'submit', text: DIRECT_AS_ONE_SQL, values: values(data, requesterId) })).rows[0]!;
}

/** Stores `data` on a PGlite folder of this process's own (migrated, a user, the property). */
async function pgliteStore(folder: string): Promise<(data: unknown) => Promise<Stored>> {
  const db = await PGlite.create(folder);
  await migrate(drizzle({ client: db }), { migrationsFolder: join(ROOT, 'src/server/db/migrations') });
  await db.query("INSERT INTO properties (code, name, region, active) VALUES ($1, 'Floor property', 'East', true)", [
    AP_EXAMPLE.property,
  ]);
  const { rows } = await db.query<{ id: string }>(
    "INSERT INTO users (issuer, subject, name) VALUES ('floor', 'floor', 'Floor') RETURNING id",
  );
  const requesterId = rows[0]!.id;
  return async (data) => (await db.query<Stored>(DIRECT_AS_ONE_SQL, values(data, requesterId))).rows[0]!;
}

const url = process.env.FLOOR_DATABASE_URL;
const store = url
  ? postgresStore(url, process.env.FLOOR_REQUESTER_ID ?? '')
  : await pgliteStore(process.env.FLOOR_DATA_DIR ?? '');
const app = Fastify({ logger: false });
app.get('/health', async (_request, reply) => reply.code(204).send());
app.post('/submissions', async (request, reply) => reply.code(201).send(await store(request.body)));
await app.listen({ host: '127.0.0.1', port: Number(process.env.FLOOR_PORT) });
