/**
 * The service worker of the installable portal (an offline worker registered at the site root;
 * vite-plugin-pwa, config in vite.config.ts): registration at `/`, the "New version
 * available — Reload" toast when a new deployment is waiting. Clearing the caches: portal-caches.ts.
 */
import { registerSW } from 'virtual:pwa-register';
import { toast } from './toast';

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
 * Registers `/sw.js` with scope `/` (no-op without service-worker support). When a new
 * deployment's worker is installed and waiting, shows a toast whose "Reload" activates it and
 * reloads, so one page never mixes two versions.
 */
export function registerServiceWorker(): void {
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
