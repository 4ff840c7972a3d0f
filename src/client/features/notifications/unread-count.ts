/**
 * The signed-in user's unread notification count, live (docs/behaviour.md "Notifications"): one
 * Server-Sent Events stream per tab while the bell is shown; while the stream is down, the count
 * is polled every {@link POLL_MS} and the stream retried after a pause that doubles from
 * {@link RETRY_MIN_MS} to {@link RETRY_MAX_MS}. The notifications page sets the count after it
 * marks something read, so the bell follows at once.
 */
import { useEffect, useSyncExternalStore } from 'react';

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

/** The live unread count (null until first known); `enabled` false (signed out) leaves it alone. */
export function useUnreadCount(enabled: boolean): number | null {
  useEffect(() => {
    if (!enabled) return undefined;
    let stop: (() => void) | undefined;
    let isCancelled = false;
    void import('./live-count').then(({ keepLive }) => {
      if (!isCancelled) stop = keepLive(setUnreadCount);
    });
    return () => {
      isCancelled = true;
      stop?.();
    };
  }, [enabled]);
  return useSyncExternalStore(subscribe, () => count);
}
