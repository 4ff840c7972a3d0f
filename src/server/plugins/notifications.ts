/**
 * The running parts of notifications (docs/behaviour.md "Notifications"); the rules are the
 * domain's (domains/notifications). Decorates:
 *
 * - `app.notificationStreams`: the open `GET /api/notifications/stream` answers (Server-Sent
 *   Events, https://html.spec.whatwg.org/multipage/server-sent-events.html). Each gets its user's
 *   unread count at once and again whenever it changes: the cluster topic `notifications`
 *   (plugins/cluster-events.ts) names the users after every commit that wrote or read
 *   notifications, on every node, so a stream on one node hears of a change made on another.
 *   A comment line every {@link HEARTBEAT_MS} keeps proxies from timing the stream out; a stream
 *   ends after {@link STREAM_LIFETIME_MS} (the browser reconnects with a fresh access token), and
 *   all end when the app closes. At most {@link MAX_STREAMS} per node and
 *   {@link MAX_STREAMS_PER_USER} per user: beyond, 429.
 * - `app.mailWorker`: delivers the mail outbox over SMTP (SMTP_URL, MAIL_FROM; nodemailer) every
 *   {@link MAIL_INTERVAL_MS} and after each notification commit, one run at a time per node
 *   (several nodes share the rows safely: domains/notifications/outbox.ts). Without SMTP_URL it
 *   does nothing and the mail stays in the outbox for /Mail. Stops, after the run in progress,
 *   when the app closes.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { UNREAD_EVENT } from '../../shared/notifications';
import type { Database } from '../db/client';
import { deliverDueMail, unreadCount, type MailSender } from '../domains/notifications';
import { sharedPlugin } from '../lib/shared-plugin';

/** Milliseconds between two heartbeat comments on every open stream. */
export const HEARTBEAT_MS = 25_000;
/** How long one stream stays open, in milliseconds. */
export const STREAM_LIFETIME_MS = 10 * 60_000;
/** Open streams per node. */
export const MAX_STREAMS = 2_000;
/** Open streams per user and node (a few tabs). */
export const MAX_STREAMS_PER_USER = 8;
/** Milliseconds between two runs of the mail worker. */
export const MAIL_INTERVAL_MS = 30_000;

type Stream = { userId: string; res: ServerResponse; last: number | null; ends: ReturnType<typeof setTimeout> };

/** `app.notificationStreams`: see the module comment. */
export class NotificationStreams {
  readonly #byUser = new Map<string, Set<Stream>>();
  #count = 0;
  #closing = false;
  readonly #heartbeat: ReturnType<typeof setInterval>;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#heartbeat = setInterval(() => this.#beat(), HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  /** Open streams on this node. */
  get size(): number {
    return this.#count;
  }

  /** Whether `userId` may open one more stream now. */
  admits(userId: string): boolean {
    return !this.#closing && this.#count < MAX_STREAMS && (this.#byUser.get(userId)?.size ?? 0) < MAX_STREAMS_PER_USER;
  }

  /** Starts the event stream on `res` (the route has hijacked the reply) with `headers` (the security headers) and sends the count. */
  open(userId: string, res: ServerResponse, headers: Record<string, unknown>): void {
    res.writeHead(200, {
      ...Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    } as Record<string, string>);
    res.write('retry: 5000\n\n');
    const stream: Stream = {
      userId,
      res,
      last: null,
      ends: setTimeout(() => res.end(), STREAM_LIFETIME_MS),
    };
    stream.ends.unref();
    const set = this.#byUser.get(userId) ?? new Set();
    set.add(stream);
    this.#byUser.set(userId, set);
    this.#count += 1;
    res.on('close', () => {
      clearTimeout(stream.ends);
      if (set.delete(stream)) this.#count -= 1;
      if (!set.size && this.#byUser.get(userId) === set) this.#byUser.delete(userId);
    });
    void this.#push([stream]);
  }

  /** Recounts and pushes for the streams of `userIds` (null: every stream). */
  async refresh(userIds: readonly string[] | null): Promise<void> {
    const ids = userIds ?? [...this.#byUser.keys()];
    await this.#push(ids.flatMap((id) => [...(this.#byUser.get(id) ?? [])]));
  }

  async #push(streams: Stream[]): Promise<void> {
    const counts = new Map<string, number>();
    for (const stream of streams) {
      if (stream.res.writableEnded) continue;
      try {
        let n = counts.get(stream.userId);
        if (n === undefined) {
          n = await unreadCount(this.db, stream.userId);
          counts.set(stream.userId, n);
        }
        if (n === stream.last || stream.res.writableEnded) continue;
        stream.last = n;
        stream.res.write(`event: ${UNREAD_EVENT}\ndata: ${JSON.stringify({ unreadCount: n })}\n\n`);
      } catch (error) {
        if (!this.#closing) this.log.warn({ err: error }, 'notification stream: unread count failed');
      }
    }
  }

  #beat(): void {
    for (const set of this.#byUser.values()) for (const stream of set) stream.res.write(': heartbeat\n\n');
  }

  /** Ends every stream and refuses new ones. */
  close(): void {
    this.#closing = true;
    clearInterval(this.#heartbeat);
    for (const set of this.#byUser.values()) for (const stream of set) stream.res.end();
  }
}

/** `app.mailWorker`: see the module comment. */
export class MailWorker {
  #running: Promise<unknown> = Promise.resolve();
  #pending = false;
  #closed = false;
  readonly #timer: ReturnType<typeof setInterval> | null;

  /**
   * `send` null: no SMTP, nothing is delivered. `now` and `schedule` (an interval timer, returning
   * its clear function) are the clock and timer; tests pass their own.
   */
  constructor(
    private readonly db: Database,
    private readonly send: MailSender | null,
    private readonly host: string,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
    schedule: ((run: () => void, ms: number) => ReturnType<typeof setInterval>) | null = (run, ms) =>
      setInterval(run, ms).unref(),
  ) {
    this.#timer = send && schedule ? schedule(() => this.poke(), MAIL_INTERVAL_MS) : null;
  }

  /** Whether mail is delivered (SMTP_URL is set). */
  get delivering(): boolean {
    return this.send !== null;
  }

  /** Starts a run soon unless one is already waiting. */
  poke(): void {
    if (!this.send || this.#closed || this.#pending) return;
    this.#pending = true;
    void this.runOnce()
      .catch((error: unknown) => this.log.warn({ err: error }, 'mail outbox run failed'))
      .finally(() => {
        this.#pending = false;
      });
  }

  /** One run as of `now` (default the worker's clock), after the run in progress; resolves with what it did. */
  runOnce(now?: Date): Promise<{ sent: number; failed: number }> {
    const { send } = this;
    const run = this.#running.then(async () => {
      if (!send || this.#closed) return { sent: 0, failed: 0 };
      const result = await deliverDueMail(this.db, send, { now: now ?? this.now(), host: this.host });
      if (result.failed) this.log.warn(result, 'mail outbox: some mail could not be sent; retrying later');
      return result;
    });
    this.#running = run.catch(() => undefined);
    return run;
  }

  /** Stops the timer and waits for the run in progress. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#running;
  }
}

/**
 * A nodemailer SMTP sender for `smtpUrl` with sender `from`, and its close. nodemailer is imported
 * only here, so a portal without SMTP_URL never loads it (~5 MB of the heap, ~90 ms of a start).
 */
async function smtpSender(smtpUrl: string, from: string): Promise<{ send: MailSender; close: () => void }> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** See the module comment. Needs `app.db` and `app.cluster`. */
export const notificationsPlugin = sharedPlugin(async (app: FastifyInstance) => {
  const log = app.log.child({ component: 'notifications' });
  const streams = new NotificationStreams(app.db, log);
  const { smtpUrl, from } = app.config.mail;
  const smtp = smtpUrl && from ? await smtpSender(smtpUrl, from) : null;
  const worker = new MailWorker(app.db, smtp?.send ?? null, new URL(app.config.publicUrl).hostname, log);
  app.cluster.on('notifications', async (detail) => {
    worker.poke();
    await streams.refresh(detail ? detail.split(',') : null);
  });
  app.addHook('preClose', (done) => {
    streams.close();
    done();
  });
  app.addHook('onClose', async () => {
    await worker.close();
    smtp?.close();
  });
  app.decorate('notificationStreams', streams);
  app.decorate('mailWorker', worker);
  await Promise.resolve();
});
