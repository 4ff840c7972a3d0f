/**
 * Build-time client configuration. Sign-in settings are NOT here: they come at run time from
 * `GET /api/auth/config` (see lib/auth.ts), so one build works against any identity provider.
 */
import { PORTAL_NAME } from '../../shared/display-locale';

/** Product name, shown in the header and as the page title. */
export const APP_TITLE = PORTAL_NAME;

/** Locale for dates and numbers shown to users (one for the web app and the server's PDFs). */
export { DISPLAY_LOCALE } from '../../shared/display-locale';

function readApiPrefix(): string {
  const raw: unknown = import.meta.env.VITE_API_PREFIX;
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : '/api';
}

/** Base of the portal API for the ky instance: `VITE_API_PREFIX`, default same-origin `/api`. */
export const API_PREFIX = readApiPrefix();
