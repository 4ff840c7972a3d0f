/**
 * The signed-in user's unread notification count, live (docs/behaviour.md "Notifications"): one
 * Server-Sent Events stream per tab while the bell is shown; while the stream is down, the count
 * is polled every {@link POLL_MS} and the stream retried after a pause that doubles from
 * {@link RETRY_MIN_MS} to {@link RETRY_MAX_MS}. The notifications page sets the count after it
 * marks something read, so the bell follows at once.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { fetchNotifications, readUnreadStream } from './api';

/** Milliseconds between two polls while the stream is down. */
export const POLL_MS = 30_000;
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

let count: number | null = null;
const listeners = new Set<() => void>();

/** Sets the count every bell shows. */
export function setUnreadCount(value: number): void {
  if (value === count) return;
  count = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Keeps the count live (see the module comment) until the returned function is called. */
function keepLive(): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  let poller: ReturnType<typeof setInterval> | undefined;
  const poll = () =>
    fetchNotifications({ unread: true }, signal).then(
      (page) => setUnreadCount(page.unreadCount),
      () => undefined,
    );
  const stopPolling = () => {
    clearInterval(poller);
    poller = undefined;
  };
  void (async () => {
    let retryMs = RETRY_MIN_MS;
    while (!signal.aborted) {
      try {
        await readUnreadStream(signal, (value) => {
          retryMs = RETRY_MIN_MS;
          stopPolling();
          setUnreadCount(value);
        });
      } catch {
        // the stream could not be opened or broke off: poll until it is back
      }
      if (signal.aborted) return;
      if (!poller) {
        void poll();
        poller = setInterval(() => void poll(), POLL_MS);
      }
      await pause(retryMs, signal);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    }
  })();
  return () => {
    controller.abort();
    stopPolling();
  };
}

/** The live unread count (null until first known); `enabled` false (signed out) leaves it alone. */
export function useUnreadCount(enabled: boolean): number | null {
  useEffect(() => (enabled ? keepLive() : undefined), [enabled]);
  return useSyncExternalStore(subscribe, () => count);
}
