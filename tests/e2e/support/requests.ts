/**
 * The chunks a page asks for: what the size check (scripts/check-size.ts) counts, seen from the
 * browser. Chunk files are named after their first module (`select-widget-<hash>.js`).
 */
import type { Page } from 'playwright-core';

/** The chunks loaded apart from the form's own (widget-modules.ts) and the form stack itself. */
export const WIDGET_CHUNKS = ['rich-text-editor', 'select-widget', 'choices', 'date-picker-widget', 'help-tooltip'] as const;
export const FORM_STACK_CHUNK = 'form-engine';
/**
 * The sign-in module (src/client/lib/portal-auth.ts, with oidc-client-ts): loaded to sign in,
 * complete the callback, refresh an expired access token and sign out, never for a valid session.
 */
export const SIGN_IN_CHUNK = 'portal-auth';

/** The names (without hash) of the `/assets/*.js` files `page` requests while `action` runs. */
export async function scriptsRequestedDuring(page: Page, action: () => Promise<unknown>): Promise<Set<string>> {
  const names = new Set<string>();
  const record = (request: { url: () => string }) => {
    const match = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) names.add(match[1]);
  };
  page.on('request', record);
  try {
    await action();
  } finally {
    page.off('request', record);
  }
  return names;
}
