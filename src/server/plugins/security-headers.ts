/**
 * Security headers on every response (@fastify/helmet; docs/behaviour.md "Security headers"):
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`,
 * `X-Frame-Options: DENY`, HSTS (one year, subdomains) only when PUBLIC_URL is https, and the web
 * app's Content-Security-Policy ({@link appContentSecurityPolicy}). Responses with a policy of
 * their own replace the app's: the built-in provider's pages (a per-response nonce,
 * identity-provider/pages.ts), attachment downloads (`sandbox`). Register before every plugin that
 * answers requests: helmet writes the headers in an onRequest hook, so they are on the response
 * before any route, the provider's middleware or an error handler runs.
 */
import helmet from '@fastify/helmet';
import type { AppConfig } from '../config';
import { sharedPlugin } from '../lib/shared-plugin';

/**
 * The web app's CSP directives (W3C Content Security Policy Level 3): scripts, styles, fonts,
 * workers and the manifest from the portal's own origin only — no inline script or style, no
 * eval. `connect-src` adds the issuer's origin (discovery, token and revocation endpoints the
 * browser calls). Images may also be `data:` and `blob:` addresses and any https address (the
 * rich-text editor inserts images by address, docs/behaviour.md "Rich text").
 */
export function appContentSecurityPolicy(config: Pick<AppConfig, 'publicUrl' | 'oidc'>): Record<string, string[]> {
  const isHttps = new URL(config.publicUrl).protocol === 'https:';
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", new URL(config.oidc.issuer).origin],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** See the module comment. */
export const securityHeadersPlugin = sharedPlugin(async (app) => {
  const isHttps = new URL(app.config.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: appContentSecurityPolicy(app.config) },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
});
