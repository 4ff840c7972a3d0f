/**
 * The service worker of the installable portal (an offline worker registered at the site root;
 * vite-plugin-pwa, config in vite.config.ts): registration at `/`, {@link SERVICE_WORKER_DELAY_MS}
 * after the page has loaded, and the "New version available — Reload" toast when a new deployment
 * is waiting. Clearing the caches: portal-caches.ts.
 */
import { registerSW } from 'virtual:pwa-register';
import { afterPageLoad } from './after-load';
import { toast } from './toast';

/**
 * Milliseconds after the window's `load` event before the offline worker is registered. Its
 * install downloads and stores every file of the app (about 400 KB); registered as the page
 * started, it did so while the first page was still loading its chunks and data, and on this
 * project's 2-core test machine it slowed that page (docs/performance.md "The offline worker
 * after the first page").
 */
export const SERVICE_WORKER_DELAY_MS = 3_000;

/** The toast's id: one update toast at a time. */
export const UPDATE_TOAST_ID = 'new-version';

function UpdateToast({ onReload }: { onReload: () => void }) {
  return (
    <div className="update-toast">
      <span>New version available</span>{' '}
      <button type="button" className="button" onClick={onReload}>
        Reload
      </button>
    </div>
  );
}

/**
 * Registers `/sw.js` with scope `/` (no-op without service-worker support), at once: use
 * {@link registerServiceWorkerAfterLoad} when a page starts. When a new
 * deployment's worker is installed and waiting, shows a toast whose "Reload" activates it and
 * reloads, so one page never mixes two versions.
 */
function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh() {
      toast.info(<UpdateToast onReload={() => void updateServiceWorker(true)} />, {
        toastId: UPDATE_TOAST_ID,
        autoClose: false,
        closeOnClick: false,
      });
    },
    onRegisterError(error: unknown) {
      console.error('The offline worker could not be registered', error);
    },
  });
}

/** Registers the offline worker ({@link registerServiceWorker}) {@link SERVICE_WORKER_DELAY_MS} after the page has loaded. */
export function registerServiceWorkerAfterLoad(): void {
  afterPageLoad(registerServiceWorker, SERVICE_WORKER_DELAY_MS);
}
