/**
 * The remembered-page rule of the sign-in flow (docs/behaviour.md "Redirect-path rule"): after
 * the callback the user goes back to the page they were on only when it is a safe internal path.
 */

/**
 * A path that starts with exactly one `/`, then only letters, digits and `@ - % _ ~ /` (the first
 * character after the leading slash may not be another `/`), optionally followed by `?query` and
 * `#fragment`. Query and fragment are printable ASCII without `#`, `\` or whitespace.
 */
const SAFE_REDIRECT_PATH =
  /^\/(?:[A-Za-z0-9@\-%_~][A-Za-z0-9@\-%_~/]*)?(?:\?[\x21\x22\x24-\x5b\x5d-\x7e]*)?(?:#[\x21\x22\x24-\x5b\x5d-\x7e]*)?$/;

/** Percent-encoded `/` or `\`: a server or router that decodes them could read `//host`. */
const ENCODED_SLASH = /%(?:2f|5c)/i;

/** Longest remembered path accepted; anything longer is ignored. */
export const MAX_REDIRECT_PATH_LENGTH = 2048;

/**
 * True when `path` may be used as the post-sign-in destination: starts with `/` (but
 * not `//`), only letters, digits and `@ - % _ ~ /` in the path, then an optional query string
 * and fragment. Rejects protocol-relative (`//evil.example`), backslash (`/\evil.example`),
 * encoded-slash (`/%2F%2Fevil.example`) and scheme (`javascript:`) forms, absolute URLs, and
 * anything with whitespace or control characters. Non-strings are false.
 */
export function isSafeRedirectPath(path: unknown): path is string {
  if (typeof path !== 'string' || path.length === 0 || path.length > MAX_REDIRECT_PATH_LENGTH) return false;
  if (!SAFE_REDIRECT_PATH.test(path)) return false;
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return !ENCODED_SLASH.test(pathname);
}

/**
 * The post-sign-in destination for a remembered `path`: `path` itself when it
 * passes {@link isSafeRedirectPath} AND, resolved against `origin` (e.g. `https://portal.example`),
 * stays on that origin; otherwise `null` (the caller goes home). The second check is defence in
 * depth: it holds even if the syntactic rule were ever loosened.
 */
export function resolveSafeRedirect(path: unknown, origin: string): string | null {
  if (!isSafeRedirectPath(path)) return null;
  try {
    const base = new URL(origin);
    const resolved = new URL(path, base);
    return resolved.origin === base.origin ? path : null;
  } catch {
    return null;
  }
}
