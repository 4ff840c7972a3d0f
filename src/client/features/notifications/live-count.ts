/**
 * Keeps the unread count live (unread-count.ts): the Server-Sent Events stream while it is up; while
 * it is down, a poll every {@link POLL_MS} and the stream retried after a pause that doubles from
 * {@link RETRY_MIN_MS} to {@link RETRY_MAX_MS}.
 */
import { fetchNotifications, readUnreadStream } from './api';

/** Milliseconds between two polls while the stream is down. */
const POLL_MS = 30_000;
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Keeps the count live, reporting it to `setUnreadCount`, until the returned function is called. */
export function keepLive(setUnreadCount: (count: number) => void): () => void {
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
