/**
 * Recognising the OpenID Connect callback at `/login` (the authorization response, RFC 6749
 * section 4.1.2).
 */

/**
 * True when the query string `search` (with or without `?`) is an authorization response — it
 * carries `code`, `state` or `error`. Such a visit is processed as a callback and, when it does
 * not match a sign-in this tab started, refused with a message; it is never shown as the plain
 * sign-in page (so a response without `state` is reported, not silently dropped).
 */
export function isCallbackUrl(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has('code') || params.has('state') || params.has('error');
}
