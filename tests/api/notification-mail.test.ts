/**
 * Notification e-mail through the durable outbox (docs/behaviour.md "Notifications"), delivered
 * to a real SMTP server (smtp-server) started by the test: each mail exactly once, again after the
 * server refused it once (the worker's clock moved past the backoff, no waiting), and not again
 * after a restart (the app closed, a new one started on the same data, the worker run again).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import getPort from 'get-port';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../src/server/config';
import { mailOutbox } from '../../src/server/db/schema';
import { createTestApp, createThrowawayDatabase, REAL_SCHEMAS_DIR } from './helpers/app';
import { authHeader } from './helpers/sign-in';
import { profileOf } from './helpers/tickets';
import { realExample } from './helpers/uploads';

type Received = { to: string; subject: string; messageId: string; raw: string };

const received: Received[] = [];
let refuseNext = false;
let smtp: SMTPServer;
let port: number;
let database: DatabaseConfig;
let dropDatabase: () => Promise<void> = async () => {};
let app: FastifyInstance;

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]+/g, ' ').trim();
}

function startApp(): Promise<FastifyInstance> {
  return createTestApp({
    schemasDir: REAL_SCHEMAS_DIR,
    database,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'TM portal <portal@tm.example>' },
  });
}

/** A ResidentService request of the employee (routed to Maintenance: one mail to maintenance). */
async function request(): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/areas/ResidentService/submissions',
    payload: await realExample(app, 'ResidentService', 'employee'),
    headers: await authHeader(app, 'employee'),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ number: string }>().number;
}

const mailsAbout = (number: string) => received.filter((mail) => mail.subject.includes(number));

beforeAll(async () => {
  port = await getPort();
  smtp = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    disabledCommands: ['AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuseNext) {
          refuseNext = false;
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        received.push({ to, subject: header(raw, 'Subject'), messageId: header(raw, 'Message-ID'), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const throwaway = await createThrowawayDatabase(adminUrl);
    database = throwaway.database;
    dropDatabase = throwaway.drop;
  } else {
    const folder = await mkdtemp(join(tmpdir(), 'tm-mail-test-'));
    database = { kind: 'pglite', dataDir: folder };
    dropDatabase = () => rm(folder, { recursive: true, force: true });
  }
  app = await startApp();
  await profileOf(app, 'maintenance'); // signs in: the Maintenance group knows its member
});

afterAll(async () => {
  await app.close();
  await dropDatabase();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('the mail outbox', () => {
  it('delivers each mail exactly once, with text, HTML and a link to the ticket', async () => {
    const number = await request();
    await app.mailWorker.runOnce();
    await app.mailWorker.runOnce();
    const mails = mailsAbout(number);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toBe('maintenance@tm.example');
    expect(mail?.subject).toBe(`${number} was assigned to Maintenance`);
    expect(header(mail?.raw ?? '', 'From')).toContain('portal@tm.example');
    expect(mail?.raw).toContain('text/plain');
    expect(mail?.raw).toContain('text/html');
    expect(mail?.raw).toContain('http://localhost/Tickets/comments/');
    const [row] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, mail?.subject ?? ''));
    expect(row?.sentAt).not.toBeNull();
    expect(mail?.messageId).toBe(`<outbox-${row?.id}@localhost>`);
  });

  it('retries after the server refused once, after the backoff', async () => {
    refuseNext = true;
    const number = await request();
    await app.mailWorker.runOnce();
    expect(mailsAbout(number)).toHaveLength(0);
    const [failed] = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `${number} was assigned to Maintenance`));
    expect(failed?.sentAt).toBeNull();
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toContain('451');
    // not due yet: nothing happens
    await app.mailWorker.runOnce(new Date(Date.now() + 10_000));
    expect(mailsAbout(number)).toHaveLength(0);
    // past the first backoff (one minute)
    expect(await app.mailWorker.runOnce(new Date(Date.now() + 2 * 60_000))).toEqual({ sent: 1, failed: 0 });
    expect(mailsAbout(number)).toHaveLength(1);
  });

  it('does not send again after a restart on the same data', async () => {
    const before = received.length;
    const rows = await app.db.select().from(mailOutbox);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.sentAt !== null)).toBe(true);
    await app.close();
    app = await startApp();
    expect(await app.mailWorker.runOnce(new Date(Date.now() + 24 * 60 * 60_000))).toEqual({ sent: 0, failed: 0 });
    expect(received.length).toBe(before);
    expect((await app.db.select().from(mailOutbox)).length).toBe(rows.length);
  });
});
