/**
 * The service worker's runtime caches (vite.config.ts `PWA_OPTIONS`) as the page sees them, so a
 * session's data can be removed when it ends (all caches are cleared on sign-out).
 */

/** Every runtime cache of the service worker starts with this (`tm-areas`, `tm-personal`, `tm-validators`). */
export const PORTAL_CACHE_PREFIX = 'tm-';

/**
 * Deletes every runtime cache of the portal (`tm-*`: area definitions, validator modules and the user's lists), so
 * nothing of one user's session is served after it ends (sign-out, expiry). The precache holds only
 * the app's own static files and stays, so the portal still opens offline. Resolves when done.
 */
export async function clearPortalCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PORTAL_CACHE_PREFIX)).map((name) => caches.delete(name)));
}
