/**
 * The built-in provider's own HTML pages: sign-in, sign-out (confirmation or automatic) and
 * errors. No external assets, every interpolated value escaped. Each response has a fresh CSP
 * nonce ({@link createNonce}): its one `<style>` element carries it, and so does the only script
 * (the automatic sign-out's one line); nothing else may run or style the page
 * (docs/behaviour.md "Security headers").
 */
import { randomBytes } from 'node:crypto';
import { escapeHtml } from '../../lib/html';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f3f5f8;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933}
main{width:100%;max-width:380px;margin:24px;padding:32px;background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(15,23,42,.08)}
h1{margin:0 0 4px;font-size:1.4rem}
p.sub{margin:0 0 24px;color:#52606d}
label{display:block;margin:16px 0 6px;font-weight:600}
input{width:100%;padding:10px 12px;border:1px solid #cbd2d9;border-radius:8px;font:inherit}
input:focus{outline:2px solid #2563eb;outline-offset:1px;border-color:#2563eb}
button{width:100%;margin-top:24px;padding:11px;border:0;border-radius:8px;background:#2563eb;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#1d4ed8}
button.secondary{background:#e4e7eb;color:#1f2933}
.error{margin:0 0 8px;padding:10px 12px;border-radius:8px;background:#fde8e8;color:#9b1c1c}
.hint{margin-top:24px;font-size:.875rem;color:#52606d}
a{color:#2563eb}`;

function page(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** A fresh CSP nonce: 128 random bits, base64url. One per response, never reused. */
export function createNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The CSP of every built-in provider response: nothing loads or runs but the inline `<style>` and
 * `<script>` elements carrying `nonce` (oidc-provider adds the hash of its own auto-submitting
 * form's script to `script-src`); forms post to the portal's own origin only; never framed.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** Response headers for a page rendered with `nonce`: HTML, no caching, its CSP. */
export function pageHeaders(nonce: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': pageContentSecurityPolicy(nonce),
  };
}

/** The sign-in page: "Username", "Password", "Sign in"; `error` shows above the form. */
export function renderLoginPage(options: { action: string; nonce: string; username?: string; error?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return page(
    'Sign in — TM online portal',
    `<h1>Sign in</h1>
<p class="sub">TM online portal</p>
${error}<form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(options.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p class="hint">Demo accounts: employee, accounting, maintenance, risk, it, admin — password <code>demo</code>.</p>`,
    options.nonce,
  );
}

/** A short message page (expired sign-in, provider errors) with a link back to the portal. */
export function renderMessagePage(options: { title: string; message: string; homeUrl: string; nonce: string }): string {
  return page(
    `${options.title} — TM online portal`,
    `<h1>${escapeHtml(options.title)}</h1>
<p class="sub">${escapeHtml(options.message)}</p>
<p><a href="${escapeHtml(options.homeUrl)}">Back to the portal</a></p>`,
    options.nonce,
  );
}

/** RP-initiated logout confirmation; `form` is oidc-provider's own hidden form (trusted markup). */
export function renderLogoutPage(form: string, nonce: string): string {
  return page(
    'Sign out — TM online portal',
    `<h1>Sign out</h1>
<p class="sub">Do you want to sign out of the TM online portal?</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button class="secondary" type="submit" form="op.logoutForm">No, stay signed in</button>`,
    nonce,
  );
}

/**
 * RP-initiated logout without a second click (used only when the request carries a valid
 * `id_token_hint` of the signed-in user): the same provider form, answered "yes" by a hidden field
 * and submitted by a one-line script allowed through the CSP `nonce`; without JavaScript a
 * "Sign out" button does the same.
 */
export function renderAutoLogoutPage(form: string, nonce: string): string {
  const script = `<script nonce="${escapeHtml(nonce)}">document.getElementById('op.logoutForm').submit();</script>`;
  return page(
    'Signing out — TM online portal',
    `<h1>Signing out…</h1>
<p class="sub">You are being signed out of the TM online portal.</p>
${form}
<input type="hidden" form="op.logoutForm" name="logout" value="yes">
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>
${script}`,
    nonce,
  );
}
