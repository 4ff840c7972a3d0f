/**
 * The two functions @rjsf/utils takes from fast-uri (`resolve` and `equal`, used by
 * `findSchemaDefinition` to follow `$ref`s between `$id`-named schemas of JSON Schema 2020-12),
 * built on the browser's own WHATWG `URL` instead of fast-uri's 8 KB (gzip) parser. vite.config.ts
 * aliases `fast-uri` to this module in the web app only; the server and the tests keep fast-uri.
 *
 * Reference resolution follows RFC 3986 section 5.2. A relative base (an `$id` such as
 * `person.json`) is resolved against a placeholder origin that is then taken off again, so
 * relative in gives relative out, as fast-uri does. tests/unit/client/form-engine/uri-resolver.test.ts
 * compares both on the references rjsf resolves and fails when @rjsf/utils starts using another
 * fast-uri function.
 */
const PLACEHOLDER_ORIGIN = 'http://relative.invalid';

function isAbsolute(uri: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(uri);
}

/** `ref` resolved against `base` (RFC 3986 section 5.2); `ref` itself when `base` is empty. */
function resolve(base: string, ref: string): string {
  if (!base) return ref;
  if (isAbsolute(base)) return new URL(ref, base).href;
  const resolved = new URL(ref, new URL(base, `${PLACEHOLDER_ORIGIN}/`));
  if (resolved.origin !== PLACEHOLDER_ORIGIN) return resolved.href;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return base.startsWith('/') ? path : path.slice(1);
}

function normalise(uri: string): string {
  if (!isAbsolute(uri)) return uri;
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
}

/** True when `a` and `b` name the same resource after normalisation (RFC 3986 section 6.2.2). */
function equal(a: string, b: string): boolean {
  return normalise(a) === normalise(b);
}

const uriResolver = { resolve, equal };
export default uriResolver;
