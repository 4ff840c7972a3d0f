/**
 * The page the server answers for every page path of the single-page app: the built `index.html`
 * with the browser's sign-in settings ({@link AuthConfig}) written into it as a data block
 * (`<script type="application/json" id="auth-config">`), in place of the page's preload of
 * `GET /api/auth/config`. The web app reads the block (client `lib/auth.ts`), so its first API
 * requests (`/api/me`, the page's data) go out as its script runs instead of after that answer
 * has arrived and been handed to the script (docs/performance.md "Sign-in settings in the page").
 *
 * A data block is not run, so the Content-Security-Policy's `script-src` does not apply to it
 * (HTML Living Standard, "data block"). The JSON is written with `<`, `>` and `&` escaped, so it
 * cannot end the element or open a comment.
 *
 * The page is built once per version of the file (its modification time and size) and kept with
 * its brotli and gzip copies, made with the build's settings for its files (lib/precompression.ts),
 * and a strong entity tag of its bytes (RFC 9110 section 8.8.3), so a browser revalidating it
 * gets a 304.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { AUTH_CONFIG_ELEMENT_ID, type AuthConfig } from '../../shared/me';
import { brotliTextOptions, GZIP_TEXT_OPTIONS } from './precompression';

/**
 * The page's bytes as they are and compressed, by `Content-Encoding`, and the entity tag of its
 * bytes as they are (quoted; each encoding's tag adds its name, as a strong tag names one
 * representation: RFC 9110 section 8.8.3).
 */
export type AppPage = { identity: Buffer; br: Buffer; gzip: Buffer; etag: string };

/** The `<link>` of the built page that preloads the sign-in settings (src/client/index.html). */
const CONFIG_PRELOAD = /<link\b[^>]*\bhref="\/api\/auth\/config"[^>]*>/;

/** `value` as JSON that can stand inside a `<script>` element (no `<`, `>` or `&`). */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e').replaceAll('&', '\\u0026');
}

/**
 * `html` with `config` written into it: in place of the preload of `/api/auth/config` when the
 * page has one, else before `</head>`; a page with neither is returned unchanged (the web app
 * then asks for the settings itself).
 */
export function withAuthConfig(html: string, config: AuthConfig): string {
  const block = `<script type="application/json" id="${AUTH_CONFIG_ELEMENT_ID}">${jsonForScriptElement(config)}</script>`;
  if (CONFIG_PRELOAD.test(html)) return html.replace(CONFIG_PRELOAD, () => block);
  const headEnd = html.indexOf('</head>');
  return headEnd === -1 ? html : `${html.slice(0, headEnd)}${block}\n  ${html.slice(headEnd)}`;
}

function compressed(html: string): AppPage {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    br: brotliCompressSync(identity, brotliTextOptions(identity.length)),
    gzip: gzipSync(identity, GZIP_TEXT_OPTIONS),
  };
}

/**
 * The page of the built file at `path` with `config` written into it (see the module comment):
 * call the returned function per request; it reads the file again only when it has changed. Throws
 * the file system's error when the file cannot be read.
 */
export function appPageOf(path: string, config: AuthConfig): () => AppPage {
  let version = '';
  let page: AppPage | null = null;
  return () => {
    const stat = statSync(path);
    const current = `${stat.mtimeMs}:${stat.size}`;
    if (!page || current !== version) {
      page = compressed(withAuthConfig(readFileSync(path, 'utf8'), config));
      version = current;
    }
    return page;
  };
}
