/**
 * Several API nodes on one PostgreSQL (docs/operations.md): tells the other nodes when something
 * they keep in memory changed, through PostgreSQL `LISTEN`/`NOTIFY` on the channel
 * {@link CLUSTER_CHANNEL} (PostgreSQL documentation, "NOTIFY"). Decorates `app.cluster`.
 *
 * - `publish(tx, topic, detail?)` runs `pg_notify` on the given transaction, so the others hear of
 *   the change when it commits, and never of one that rolled back. The node that made the change
 *   updates its own memory itself, right after the commit (the others are told, not it) — except
 *   for the topics of {@link SELF_DELIVERED}, which every node hears, its own included (on PGlite,
 *   once the database's queue has worked off the publishing transaction: db/client.ts). `detail`
 *   (at most {@link MAX_DETAIL} characters) travels with the message.
 * - `on(topic, handler)` adds what a node does when another node publishes `topic`; the handler
 *   gets the message's `detail` (undefined after a reconnect: refresh everything).
 * - One dedicated node-postgres connection per node listens, reconnecting with a growing pause
 *   (0.1 s doubling to 5 s). Notifications sent while it was away are lost, so after every
 *   reconnect every handler of every topic runs (everything kept in memory is dropped or re-read).
 * - On PGlite (one process per data folder) there are no other nodes: `publish` does nothing and
 *   no handler is ever called.
 *
 * What each node keeps in memory, and what keeps it right (the topics are wired in
 * plugins/domains.ts and plugins/area-reload.ts):
 * - effective access per user (domains/role-groups/access.ts): topic `access`, published by every
 *   role-group, scope or member change; also expires after 5 s;
 * - the enabled routing rules (domains/assignments/routing.ts): topic `rules`, published by every
 *   rule change; also expire after 5 s;
 * - the form-area catalogue: each node judges its own SCHEMAS_DIR; a reload that changed something
 *   publishes `areas`, and the others rescan their folder at once;
 * - the unread counts pushed to open notification streams (plugins/notifications.ts): topic
 *   `notifications` (detail: the user ids, comma-separated), published with every notification
 *   written or read; every node, the publishing one too, recounts for those users' streams;
 * - needs nothing: verified access tokens (plugins/auth: a pure function of the token and the
 *   signing keys), the user rows last written (domains/role-groups/users.ts: only `upsertUser`
 *   writes them, ids never change), the report tracker's configuration file, the judged folders and
 *   compiled validators (pure functions of the files), the prepared statements.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client';
import { sharedPlugin } from '../lib/shared-plugin';

/** The channel every node listens on. */
export const CLUSTER_CHANNEL = 'portal_cache';

/** What a node may tell the others (see the module comment). */
export type ClusterTopic = 'access' | 'areas' | 'notifications' | 'rules';

/** `application_name` of the listening connections (then the node id), as `pg_stat_activity` shows them. */
export const LISTENER_APPLICATION_NAME = 'tm-portal listen';

const TOPICS: readonly ClusterTopic[] = ['access', 'areas', 'notifications', 'rules'];
/** Topics every node hears, the publishing one included. */
export const SELF_DELIVERED: ReadonlySet<ClusterTopic> = new Set(['notifications']);
/** The longest `detail` a message carries (PostgreSQL's NOTIFY payload is below 8000 bytes). */
export const MAX_DETAIL = 7000;
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

/** `app.cluster`: see the module comment. */
export type ClusterEvents = {
  /** A random id per app instance; a node ignores its own notifications. */
  readonly nodeId: string;
  /** Tells the other nodes, when `executor`'s transaction commits (at once outside one). */
  publish(executor: Database, topic: ClusterTopic, detail?: string): Promise<void>;
  /** Adds a handler run when another node publishes `topic` (and after a reconnect, with no detail). */
  on(topic: ClusterTopic, handler: (detail?: string) => unknown): void;
  /** True while the listening connection is up (always true on PGlite). */
  readonly listening: boolean;
};

type Handlers = Map<ClusterTopic, ((detail?: string) => unknown)[]>;

async function dispatch(
  handlers: Handlers,
  topics: readonly ClusterTopic[],
  log: FastifyBaseLogger,
  detail?: string,
): Promise<void> {
  for (const topic of topics) {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        await handler(detail);
      } catch (error) {
        log.error({ err: error, topic }, 'cluster event handler failed');
      }
    }
  }
}

function parseMessage(payload: string | undefined): { node: string; topic: ClusterTopic; detail?: string } | null {
  try {
    const message = JSON.parse(payload ?? '') as { node?: unknown; topic?: unknown; detail?: unknown };
    if (typeof message.node !== 'string' || !TOPICS.includes(message.topic as ClusterTopic)) return null;
    if (message.detail !== undefined && typeof message.detail !== 'string') return null;
    return { node: message.node, topic: message.topic as ClusterTopic, detail: message.detail };
  } catch {
    return null;
  }
}

/**
 * The listening connection: connects, `LISTEN`s, and on any error or end reconnects after a pause
 * that doubles from {@link FIRST_RETRY_MS} to {@link MAX_RETRY_MS}. `onMessage` gets each
 * notification's payload; `onReconnect` runs after every connection but the first.
 */
function listen(
  url: string,
  applicationName: string,
  log: FastifyBaseLogger,
  onMessage: (payload: string | undefined) => void,
  onReconnect: () => void,
) {
  let client: pg.Client | null = null;
  let closed = false;
  let connectedOnce = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: applicationName,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    let failed = false;
    const lost = (error?: Error) => {
      if (failed) return;
      failed = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (closed) return;
      log.warn({ err: error, retryMs }, 'cluster events: listening connection lost, reconnecting');
      timer = setTimeout(() => void connect().catch(() => undefined), retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === CLUSTER_CHANNEL) onMessage(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CLUSTER_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
    if (connectedOnce) {
      log.info('cluster events: listening again; everything kept in memory is refreshed');
      onReconnect();
    }
    connectedOnce = true;
  };

  return {
    connect,
    get up() {
      return client !== null;
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

/** See the module comment. Needs `app.config`; registered after the database plugin. */
export const clusterEventsPlugin = sharedPlugin(async (app: FastifyInstance) => {
  const nodeId = randomUUID();
  const handlers: Handlers = new Map();
  const log = app.log.child({ component: 'cluster-events' });
  const { database } = app.config;
  const listener =
    database.kind === 'postgres'
      ? listen(
          database.url,
          `${LISTENER_APPLICATION_NAME} ${nodeId}`,
          log,
          (payload) => {
            const message = parseMessage(payload);
            if (!message) log.warn({ payload }, 'cluster events: unreadable notification ignored');
            else if (message.node !== nodeId || SELF_DELIVERED.has(message.topic)) {
              void dispatch(handlers, [message.topic], log, message.detail);
            }
          },
          () => void dispatch(handlers, TOPICS, log),
        )
      : null;
  const cluster: ClusterEvents = {
    nodeId,
    async publish(executor, topic, detail) {
      if (detail !== undefined && detail.length > MAX_DETAIL)
        throw new Error(`cluster detail over ${MAX_DETAIL} characters`);
      if (!listener) {
        // PGlite runs one statement or transaction at a time (db/client.ts): this query runs once
        // the publishing transaction has ended.
        if (SELF_DELIVERED.has(topic)) {
          void app.db
            .execute(sql`select 1`)
            .then(() => dispatch(handlers, [topic], log, detail))
            .catch(() => undefined);
        }
        return;
      }
      const payload = JSON.stringify({ node: nodeId, topic, ...(detail === undefined ? {} : { detail }) });
      await executor.execute(sql`select pg_notify(${CLUSTER_CHANNEL}, ${payload})`);
    },
    on(topic, handler) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    get listening() {
      return listener ? listener.up : true;
    },
  };
  if (listener) {
    // Listening before the node serves: a change made from now on reaches it.
    await listener.connect().catch(async (error: unknown) => {
      await listener.close();
      throw error;
    });
    app.addHook('onClose', () => listener.close());
  }
  app.decorate('cluster', cluster);
});
