/**
 * Two API nodes on one PostgreSQL database (docs/operations.md): two apps in this process, each
 * with its own pool, its own listening connection, its own DATA_DIR and SCHEMAS_DIR, and every
 * cache its own (they are kept per database handle, or per app). Only with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { cp, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { runExclusively } from '../../src/server/db/advisory-lock';
import { changes, reportMonths, roleGroupMembers, submissions } from '../../src/server/db/schema';
import { LISTENER_APPLICATION_NAME } from '../../src/server/plugins/cluster-events';
import { loadOrCreateProviderKeys } from '../../src/server/plugins/identity-provider/keys';
import type { Attachment } from '../../src/shared/attachment';
import type { Profile } from '../../src/shared/me';
import type { OpenMonthResult } from '../../src/shared/report-tracker';
import type { RoleGroupDetail } from '../../src/shared/role-groups';
import type { Submission } from '../../src/shared/submission';
import { createTestConfig, FIXTURE_SCHEMAS_DIR } from './helpers/app';
import { multipartBody, PNG_1X1 } from './helpers/multipart';
import { startS3TestServer } from './helpers/s3-server';
import { authHeader, authorize, exchangeCode, pkcePair } from './helpers/sign-in';

/** How soon a change on one node must be enforced on the other. */
const WITHIN_MS = 1_000;
const AP_EXAMPLE = {
  vendorName: 'Acme Plumbing Supply',
  invoiceNumber: 'INV-20931',
  invoiceDate: '2025-03-14',
  amount: 1240.5,
  property: 'P-1003',
  lines: [{ glAccount: '6100-010', amount: 1240.5 }],
};

/**
 * Where both nodes keep attachment bytes — the one place to change for another store: an
 * S3-compatible server in this process (s3rver), whose environment both nodes get; `cleanups`
 * receives its stop, which runs after the apps have closed.
 */
async function sharedAttachmentStorage(cleanups: (() => Promise<void>)[]): Promise<Record<string, string>> {
  const s3 = await startS3TestServer();
  cleanups.push(s3.close);
  return s3.env;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two API nodes on one PostgreSQL', () => {
  let root: string;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const cleanups: (() => Promise<void>)[] = [];
  let admin: { authorization: string };
  let employee: { authorization: string };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'tm-two-nodes-'));
    const dirs = ['a', 'b'].map((node) => ({ data: join(root, node, 'data'), schemas: join(root, node, 'schemas') }));
    for (const dir of dirs) {
      await mkdir(dir.data, { recursive: true });
      await cp(FIXTURE_SCHEMAS_DIR, dir.schemas, { recursive: true });
    }
    // The built-in provider's keys are one file every node gets a copy of (docs/operations.md).
    await loadOrCreateProviderKeys(dirs[0]!.data);
    await copyFile(join(dirs[0]!.data, 'oidc-keys.json'), join(dirs[1]!.data, 'oidc-keys.json'));
    const storage = await sharedAttachmentStorage(cleanups);
    const first = await createTestConfig({
      env: { ...storage, DATA_DIR: dirs[0]!.data, SCHEMAS_DIR: dirs[0]!.schemas },
    });
    cleanups.push(first.cleanup);
    // Node B rescans its folder only when told to (or after a day): what it reloads, a notification caused.
    const second = await createTestConfig({
      database: first.config.database,
      env: {
        ...storage,
        DATA_DIR: dirs[1]!.data,
        SCHEMAS_DIR: dirs[1]!.schemas,
        AREA_RESCAN_INTERVAL_SECONDS: '86400',
      },
    });
    cleanups.push(second.cleanup);
    const logger = { level: process.env.TEST_LOG_LEVEL ?? 'silent' };
    // Both start at once on an empty database: migrations and the first seed take turns (advisory lock).
    const started = await Promise.allSettled([buildApp(first.config, { logger }), buildApp(second.config, { logger })]);
    const apps = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) {
      await Promise.all(apps.map((app) => app.close()));
      throw failed.reason;
    }
    [a, b] = apps as [FastifyInstance, FastifyInstance];
    admin = await authHeader(a, 'admin');
    employee = await authHeader(a, 'employee');
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
    for (const cleanup of cleanups) await cleanup();
    await rm(root, { recursive: true, force: true });
  });

  it('signs in with the authorization steps spread over both nodes (no sticky sessions)', async () => {
    let turn = 0;
    const alternating = {
      config: a.config,
      inject: (options: InjectOptions) => (turn++ % 2 ? b : a).inject(options),
    } as unknown as FastifyInstance;
    const { verifier, challenge } = pkcePair();
    const code = await authorize(alternating, 'employee', 'demo', challenge);
    const tokens = await exchangeCode(b, code, verifier);
    expect(turn).toBeGreaterThan(3);
    const me = await a.inject({ url: '/api/me', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(me.json<Profile>().name).toBe('Emma Employee');
  });

  describe('a role-group change on node A is enforced on node B within a second', () => {
    let group: RoleGroupDetail;
    let employeeId: string;
    const onB = async () => (await b.inject({ url: '/api/role-groups', headers: employee })).statusCode;
    const member = (method: 'PUT' | 'DELETE') =>
      a.inject({ method, url: `/api/role-groups/${group.id}/members/${employeeId}`, headers: admin });
    const setScopes = async (scopes: string[]) => {
      const { name, version } = (
        await a.inject({ url: `/api/role-groups/${group.id}`, headers: admin })
      ).json<RoleGroupDetail>();
      return a.inject({
        method: 'PUT',
        url: `/api/role-groups/${group.id}`,
        headers: admin,
        payload: { name, scopes, version },
      });
    };

    beforeAll(async () => {
      employeeId = (await b.inject({ url: '/api/me', headers: employee })).json<Profile>().id;
      const created = await a.inject({
        method: 'POST',
        url: '/api/role-groups',
        headers: admin,
        payload: { name: 'Night shift', scopes: ['rolegroups:manage'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      group = created.json<RoleGroupDetail>();
    });

    it('a member added on A may manage role groups on B', async () => {
      expect(await onB()).toBe(403); // B now remembers the employee's access without the scope
      expect((await member('PUT')).statusCode).toBe(204);
      await expect.poll(onB, { timeout: WITHIN_MS, interval: 20 }).toBe(200);
    });

    it('a member removed on A is refused on B', async () => {
      expect(await onB()).toBe(200);
      expect((await member('DELETE')).statusCode).toBe(204);
      await expect.poll(onB, { timeout: WITHIN_MS, interval: 20 }).toBe(403);
    });

    it('a scope taken from a group on A is refused on B', async () => {
      expect((await member('PUT')).statusCode).toBe(204);
      await expect.poll(onB, { timeout: WITHIN_MS, interval: 20 }).toBe(200);
      const updated = await setScopes(['tickets:work']);
      expect(updated.statusCode, updated.body).toBe(200);
      await expect.poll(onB, { timeout: WITHIN_MS, interval: 20 }).toBe(403);
    });

    it('after its listening connection is cut, B reconnects and drops what it may have missed', async () => {
      const granted = await setScopes(['rolegroups:manage']);
      expect(granted.statusCode, granted.body).toBe(200);
      await expect.poll(onB, { timeout: WITHIN_MS, interval: 20 }).toBe(200);
      const client = new pg.Client({ connectionString: (a.config.database as { url: string }).url });
      await client.connect();
      try {
        const { rows } = await client.query<{ ok: boolean }>(
          'select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1',
          [`${LISTENER_APPLICATION_NAME} ${b.cluster.nodeId}`],
        );
        expect(rows).toEqual([{ ok: true }]);
      } finally {
        await client.end();
      }
      await expect.poll(() => b.cluster.listening, { timeout: 5_000, interval: 5 }).toBe(false);
      // A change nobody announces: only B's refresh after reconnecting can make it see this one.
      await a.db
        .delete(roleGroupMembers)
        .where(and(eq(roleGroupMembers.roleGroupId, group.id), eq(roleGroupMembers.userId, employeeId)));
      await expect.poll(onB, { timeout: WITHIN_MS, interval: 20 }).toBe(403);
      await expect.poll(() => b.cluster.listening, { timeout: 5_000 }).toBe(true);
    });
  });

  it('serves through B a file uploaded through A', async () => {
    const body = multipartBody([{ fileName: 'photo.png', contentType: 'image/png', content: PNG_1X1 }]);
    const uploaded = await a.inject({
      method: 'POST',
      url: '/api/attachments',
      payload: body.payload,
      headers: { ...body.headers, ...employee },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id } = uploaded.json<Attachment>();
    const downloaded = await b.inject({ url: `/api/attachments/${id}`, headers: employee });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('opens a month asked for on both nodes at once exactly once', async () => {
    const accounting = await authHeader(a, 'accounting');
    const period = '2019-04';
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? b : a).inject({
          method: 'POST',
          url: '/api/report-tracker/months',
          headers: accounting,
          payload: { period },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const results = answers.map((answer) => answer.json<OpenMonthResult>());
    const cells = results.reduce((sum, result) => sum + result.accountingCells, 0);
    expect(cells).toBeGreaterThan(0);
    expect(results.filter((result) => result.accountingCells > 0)).toHaveLength(1);
    const [months] = await a.db.select({ n: count() }).from(reportMonths).where(eq(reportMonths.period, period));
    expect(months?.n).toBe(1);
    const logged = await a.db.select().from(changes).where(eq(changes.entityId, period));
    expect(logged.map((row) => row.action)).toEqual(['opened']);
  });

  it('stores 20 submissions retried across both nodes at once, one per Idempotency-Key', async () => {
    const keys = Array.from({ length: 20 }, () => `two-nodes-${randomUUID()}`);
    const attempts = keys.flatMap((key) =>
      [a, b, a, b].map((node) =>
        node.inject({
          method: 'POST',
          url: '/api/areas/AP/submissions',
          headers: { ...employee, 'idempotency-key': key },
          payload: AP_EXAMPLE,
        }),
      ),
    );
    const answers = await Promise.all(attempts);
    for (const [index, key] of keys.entries()) {
      const mine = answers.slice(index * 4, index * 4 + 4);
      expect(mine.map((answer) => answer.statusCode).sort(), key).toEqual([200, 200, 200, 201]);
      expect(new Set(mine.map((answer) => answer.json<Submission>().id)).size, key).toBe(1);
    }
    const stored = await a.db
      .select({ key: submissions.idempotencyKey })
      .from(submissions)
      .where(inArray(submissions.idempotencyKey, keys));
    expect(stored.map((row) => row.key).sort()).toEqual([...keys].sort());
  });

  it('runs scheduled work on one node at a time', async () => {
    let entered = () => {};
    let release = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const onA = runExclusively(a.db, 'two-nodes-test', async () => {
      entered();
      await held;
      return 'ran on A';
    });
    await inside;
    expect(await runExclusively(b.db, 'two-nodes-test', () => Promise.resolve('ran on B'))).toEqual({ ran: false });
    release();
    expect(await onA).toEqual({ ran: true, value: 'ran on A' });
    expect(await runExclusively(b.db, 'two-nodes-test', () => Promise.resolve('ran on B'))).toEqual({
      ran: true,
      value: 'ran on B',
    });
  });

  it('makes B rescan its own form areas at once when A reloaded a changed one', async () => {
    const before = b.areas.checkedAt.getTime();
    const manifest = join(a.config.schemasDir, 'AP', 'area.json');
    const text = JSON.parse(await readFile(manifest, 'utf8')) as { title: string };
    await writeFile(manifest, JSON.stringify({ ...text, title: `${text.title} (renamed)` }, null, 2));
    await expect.poll(() => a.areas.get('AP')?.definition.title, { timeout: 10_000 }).toBe(`${text.title} (renamed)`);
    await expect.poll(() => b.areas.checkedAt.getTime(), { timeout: WITHIN_MS }).toBeGreaterThan(before);
    expect(b.areas.get('AP')?.definition.title).toBe(text.title);
  });
});
