/**
 * Build-time client configuration. Sign-in settings are NOT here: they come at run time from
 * `GET /api/auth/config` (see lib/auth.ts), so one build works against any identity provider.
 */

/** Product name, shown in the header and as the page title. */
export const APP_TITLE = 'TM online portal';

/** Locale for dates and numbers shown to users. */
export const DISPLAY_LOCALE = 'en-US';

function readApiPrefix(): string {
  const raw: unknown = import.meta.env.VITE_API_PREFIX;
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : '/api';
}

/** Base of the portal API for the ky instance: `VITE_API_PREFIX`, default same-origin `/api`. */
export const API_PREFIX = readApiPrefix();
