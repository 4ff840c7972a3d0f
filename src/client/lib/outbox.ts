/**
 * The offline outbox: a form submitted without a
 * connection is kept in IndexedDB (`tm-outbox`) as `{ area, parentId, payload, idempotencyKey,
 * userId }` — the payload only, never a token or header — and sent when the connection returns,
 * with a fresh token from the HTTP client. Each item is stored on the server exactly once: it
 * keeps its Idempotency-Key across reloads and repeated reconnects (the server returns the first
 * submission for a replayed key), one tab at a time sends (Web Locks), and an item is deleted
 * only after the server confirmed it. A 4xx answer (422 per-field errors) turns the item into an
 * editable draft with the errors; it is never dropped silently.
 *
 * The database is created only when something is queued, so a portal that was never offline
 * keeps nothing in IndexedDB.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { isValidationErrorBody, type FieldError } from '../../shared/api-error';
import type { JsonValue } from '../../shared/json';
import type { Submission } from '../../shared/submission';
import { toApiFailure } from './http';
import { compareCodeUnits } from './compare-text';

export const OUTBOX_DB = 'tm-outbox';
const STORE = 'items';
const LOCK_NAME = 'tm-outbox-send';

/** `waiting`: not sent yet; `rejected`: the server refused it (see `errors`/`message`), now a draft. */
export type OutboxItem = {
  idempotencyKey: string;
  area: string;
  parentArea: string | null;
  parentId: string | null;
  /** The form data (an object, or the value itself for a form of one field). */
  payload: JsonValue;
  /** The signed-in user who submitted it: only their session sends it. */
  userId: string;
  /** ISO 8601 time it was queued. */
  queuedAt: string;
  state: 'waiting' | 'rejected';
  errors: FieldError[];
  message: string | null;
};

type OutboxSchema = DBSchema & { items: { key: string; value: OutboxItem; indexes: { userId: string } } };

let dbPromise: Promise<IDBPDatabase<OutboxSchema>> | null = null;
const listeners = new Set<() => void>();

function openOutbox(): Promise<IDBPDatabase<OutboxSchema>> {
  dbPromise ??= openDB<OutboxSchema>(OUTBOX_DB, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: 'idempotencyKey' }).createIndex('userId', 'userId');
    },
  });
  return dbPromise;
}

async function outboxExists(): Promise<boolean> {
  if (dbPromise) return true;
  if (typeof indexedDB === 'undefined') return false;
  const databases = await indexedDB.databases();
  return databases.some((database) => database.name === OUTBOX_DB);
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the outbox changes (in this tab); returns the unsubscribe function. */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Queues a submission (payload only) for sending when online. */
export async function queueSubmission(
  item: Omit<OutboxItem, 'queuedAt' | 'state' | 'errors' | 'message'>,
): Promise<void> {
  const db = await openOutbox();
  await db.put(STORE, { ...item, queuedAt: new Date().toISOString(), state: 'waiting', errors: [], message: null });
  notify();
}

/** The user's outbox items, oldest first; [] when nothing was ever queued on this device. */
export async function listOutbox(userId: string): Promise<OutboxItem[]> {
  if (!(await outboxExists())) return [];
  const items = await (await openOutbox()).getAllFromIndex(STORE, 'userId', userId);
  return items.sort((a, b) => compareCodeUnits(a.queuedAt, b.queuedAt));
}

/** One item by its idempotency key, or undefined. */
export async function getOutboxItem(idempotencyKey: string): Promise<OutboxItem | undefined> {
  if (!(await outboxExists())) return undefined;
  return (await openOutbox()).get(STORE, idempotencyKey);
}

/** Removes an item (sent, or a draft the user submitted again or discarded). */
export async function removeOutboxItem(idempotencyKey: string): Promise<void> {
  if (!(await outboxExists())) return;
  await (await openOutbox()).delete(STORE, idempotencyKey);
  notify();
}

/** Sends one item: `create` is the API call (`POST /api/areas/:key/submissions` with the item's Idempotency-Key). */
export type SendSubmission = (item: OutboxItem) => Promise<Submission>;

/** What one pass did: how many were stored, turned into drafts, or left waiting (no connection, 5xx). */
export type FlushResult = { sent: Submission[]; rejected: number; waiting: number };

async function sendAll(userId: string, send: SendSubmission): Promise<FlushResult> {
  const result: FlushResult = { sent: [], rejected: 0, waiting: 0 };
  const db = await openOutbox();
  const items = (await listOutbox(userId)).filter((item) => item.state === 'waiting');
  for (const [index, item] of items.entries()) {
    try {
      result.sent.push(await send(item));
      await db.delete(STORE, item.idempotencyKey);
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.isNetwork || failure.status >= 500 || failure.status === 401 || failure.status === 0) {
        // outcome unknown or no session: keep it (same key) and try again on the next reconnect
        result.waiting = items.length - index;
        break;
      }
      const errors = failure.status === 422 && isValidationErrorBody(failure.body) ? failure.body.errors : [];
      await db.put(STORE, { ...item, state: 'rejected', errors, message: failure.message });
      result.rejected += 1;
    }
    notify();
  }
  return result;
}

/**
 * Sends the user's waiting items, oldest first, one tab at a time. Stops at the first network
 * error, 5xx or 401 (the item keeps its key and waits for the next reconnect); any other 4xx
 * makes the item a rejected draft with the server's errors.
 */
export async function flushOutbox(userId: string, send: SendSubmission): Promise<FlushResult> {
  if (!(await outboxExists())) return { sent: [], rejected: 0, waiting: 0 };
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request(LOCK_NAME, () => sendAll(userId, send));
  }
  return sendAll(userId, send);
}
