/**
 * Mounts the built-in OpenID Connect provider at `/oidc` on the portal's own Fastify server
 * (oidc-provider docs "Mounting oidc-provider → to a fastify application": @fastify/middie +
 * `provider.callback()`), with the portal's own sign-in pages at `/oidc/interaction/:uid`.
 * Registered only when OIDC_ISSUER is not set. Decorates `app.builtinJwks` (public signing keys).
 * Every refused provider request (bad PKCE, replayed refresh token, bad logout hint …) is logged
 * with its reason, route, client and subject where known — never a token. The password check is
 * throttled (./sign-in-throttle.ts) and answers only forms posted from the portal's own origin;
 * every provider response has the pages' nonce-based CSP (./pages.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import middie from '@fastify/middie';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionResults, type KoaContextWithOIDC } from 'oidc-provider';
import { Type, type Static } from 'typebox';
import { runExclusively } from '../../db/advisory-lock';
import { authenticate } from './accounts';
import { deleteExpiredOidcPayloads } from './adapter';
import { loadOrCreateProviderKeys, toPublicJwk } from './keys';
import { createNonce, pageContentSecurityPolicy, pageHeaders, renderLoginPage, renderMessagePage } from './pages';
import { OIDC_MOUNT_PATH, createIdentityProvider } from './provider';
import { admitAttempt, blockMessage, deleteForgottenFailures, recordSuccess, throttleKeys } from './sign-in-throttle';
import { sharedPlugin } from '../../lib/shared-plugin';

type Provider = ReturnType<typeof createIdentityProvider>;
type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const UidParams = Type.Object({ uid: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) });
const LoginBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 200 })),
  password: Type.Optional(Type.String({ maxLength: 200 })),
});
type UidRequest = FastifyRequest<{ Params: Static<typeof UidParams> }>;

const INVALID_CREDENTIALS = 'Invalid username or password.';
const HOUR_MS = 60 * 60 * 1000;

/** Sends a page rendered with `nonce` (./pages.ts) with its headers. */
function sendPage(reply: FastifyReply, statusCode: number, html: string, nonce: string): FastifyReply {
  return reply.code(statusCode).headers(pageHeaders(nonce)).send(html);
}

const CROSS_SITE_MESSAGE =
  'The sign-in form was sent from another site, so it was ignored. Go back to the portal and sign in again.';

/**
 * True when the browser says the form was posted from another origin: Fetch Metadata's
 * `Sec-Fetch-Site` other than `same-origin` (or `none`, the user's own navigation), or an `Origin`
 * other than the portal's (RFC 6454; `null` included). A request with neither header (not from a
 * current browser) passes; the interaction cookie still binds it to the browser that started it.
 */
function isCrossSitePost(request: FastifyRequest, portalOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  return origin !== undefined && origin !== portalOrigin;
}

/** Loads the interaction bound to the browser's cookie; answers an "expired" page and returns null when there is none. */
async function loadInteraction(
  provider: Provider,
  request: UidRequest,
  reply: FastifyReply,
  homeUrl: string,
): Promise<Interaction | null> {
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.uid === request.params.uid) return details;
  } catch (error) {
    if (!(error instanceof errors.SessionNotFound)) throw error;
  }
  const message = 'This sign-in request has expired or was already used. Go back to the portal and sign in again.';
  const nonce = createNonce();
  sendPage(reply, 400, renderMessagePage({ title: 'Sign-in expired', message, homeUrl, nonce }), nonce);
  return null;
}

/**
 * Consent is implied for the first-party client: grant whatever the consent prompt found missing
 * (loadExistingGrant normally grants openid/profile/email and the API scope up front; this covers
 * `prompt=consent` and scopes beyond those).
 */
async function grantMissingConsent(provider: Provider, details: Interaction): Promise<string> {
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant =
    existing ??
    new provider.Grant({ accountId: details.session?.accountId, clientId: String(details.params.client_id) });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
    grant.addResourceScope(indicator, scopes.join(' '));
  return grant.save();
}

async function finish(provider: Provider, request: FastifyRequest, reply: FastifyReply, result: InteractionResults) {
  const redirectTo = await provider.interactionResult(request.raw, reply.raw, result, {
    mergeWithLastSubmission: 'consent' in result,
  });
  return reply.redirect(redirectTo, 303);
}

function registerInteractionRoutes(scope: FastifyInstance, provider: Provider): void {
  const { db, config } = scope;
  const homeUrl = `${config.publicUrl}/`;
  const portalOrigin = new URL(config.publicUrl).origin;
  const action = (uid: string) => `${OIDC_MOUNT_PATH}/interaction/${uid}/login`;
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  scope.get(
    '/oidc/interaction/:uid',
    { schema: { params: UidParams, hide: true } },
    async (request: UidRequest, reply) => {
      const details = await loadInteraction(provider, request, reply, homeUrl);
      if (!details) return reply;
      if (details.prompt.name === 'login') {
        const nonce = createNonce();
        return sendPage(reply, 200, renderLoginPage({ action: action(details.uid), nonce }), nonce);
      }
      return finish(provider, request, reply, { consent: { grantId: await grantMissingConsent(provider, details) } });
    },
  );

  scope.post(
    '/oidc/interaction/:uid/login',
    { schema: { params: UidParams, body: LoginBody, hide: true } },
    async (request: FastifyRequest<{ Params: Static<typeof UidParams>; Body: Static<typeof LoginBody> }>, reply) => {
      const nonce = createNonce();
      const route = request.routeOptions.url;
      if (isCrossSitePost(request, portalOrigin)) {
        request.log.warn(
          { reason: 'cross-site form post', route, origin: request.headers.origin },
          'built-in sign-in refused',
        );
        const page = renderMessagePage({ title: 'Sign-in refused', message: CROSS_SITE_MESSAGE, homeUrl, nonce });
        return sendPage(reply, 403, page, nonce);
      }
      const details = await loadInteraction(provider, request, reply, homeUrl);
      if (!details) return reply;
      const { username = '', password = '' } = request.body ?? {};
      const loginPage = (error: string) => renderLoginPage({ action: action(details.uid), username, error, nonce });
      if (!username || !password) return sendPage(reply, 200, loginPage(INVALID_CREDENTIALS), nonce);

      const keys = throttleKeys(username, normalizeIP(request.ip));
      const admission = await admitAttempt(db, config.signInThrottle, [keys.account, keys.address]);
      if (admission.refused) {
        const { waitS, isLock } = admission.refused;
        request.log.warn({ reason: isLock ? 'locked' : 'throttled', waitS, route }, 'built-in sign-in refused');
        reply.header('retry-after', String(waitS));
        return sendPage(reply, 429, loginPage(blockMessage(admission.refused)), nonce);
      }
      const account = await authenticate(db, username, password);
      if (!account) {
        request.log.info({ reason: 'invalid credentials', route }, 'built-in sign-in failed');
        const block = admission.ifFailed ? ` ${blockMessage(admission.ifFailed)}` : '';
        return sendPage(reply, 200, loginPage(`${INVALID_CREDENTIALS}${block}`), nonce);
      }
      await recordSuccess(db, config.signInThrottle, keys);
      return finish(provider, request, reply, { login: { accountId: account.id } });
    },
  );
}

type ProviderError = Error & { error?: string; error_description?: string; error_detail?: string };

/** The account a failed provider request concerned, from whichever token or session it had loaded. */
function subjectOf(ctx: KoaContextWithOIDC): string | undefined {
  const entities = (ctx.oidc?.entities ?? {}) as Record<string, { accountId?: unknown } | undefined>;
  for (const name of ['Account', 'RefreshToken', 'AuthorizationCode', 'Session']) {
    const accountId = entities[name]?.accountId;
    if (typeof accountId === 'string') return accountId;
  }
  return undefined;
}

/** Logs the error events of the endpoints a browser or the SPA calls, and provider faults. */
function logProviderFailures(provider: Provider, log: FastifyBaseLogger): void {
  const describe = (ctx: KoaContextWithOIDC, error: ProviderError) => ({
    reason: [error.error ?? error.name, error.error_description, error.error_detail].filter(Boolean).join(': '),
    route: `${OIDC_MOUNT_PATH}${ctx.path}`,
    method: ctx.method,
    clientId: ctx.oidc?.client?.clientId,
    subject: subjectOf(ctx),
  });
  const refused = (ctx: KoaContextWithOIDC, error: ProviderError) =>
    log.warn(describe(ctx, error), 'identity provider refused a request');
  provider.on('authorization.error', refused);
  provider.on('grant.error', refused);
  provider.on('revocation.error', refused);
  provider.on('end_session.error', refused);
  provider.on('end_session_confirm.error', refused);
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: ProviderError) =>
    log.error({ ...describe(ctx, error), err: error }, 'identity provider failed'),
  );
}

function mountProvider(app: FastifyInstance, provider: Provider): void {
  const callback = provider.callback();
  const { protocol, host } = new URL(app.config.publicUrl);
  app.use(OIDC_MOUNT_PATH, (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
    if (req.url?.startsWith('/interaction/')) {
      next();
      return;
    }
    // The provider trusts these headers (provider.proxy); they are set here from PUBLIC_URL, never taken from the client.
    req.headers['x-forwarded-proto'] = protocol.slice(0, -1);
    req.headers['x-forwarded-host'] = host;
    delete req.headers['x-forwarded-for'];
    // Replaces the web app's CSP (plugins/security-headers.ts) on every provider response. The pages
    // the portal renders set their own nonce; oidc-provider's auto-submitting forms (form_post,
    // logout without a session) add their script's hash to this script-src.
    res.setHeader('content-security-policy', pageContentSecurityPolicy(createNonce()));
    void callback(req, res);
  });
}

/** See the module comment. Order in app.ts: after `db`, before `auth` and the routes. */
export const identityProviderPlugin = sharedPlugin(async (app) => {
  const keys = await loadOrCreateProviderKeys(app.config.dataDir);
  const provider = createIdentityProvider(app.config, app.db, keys);
  logProviderFailures(provider, app.log);
  app.decorate('builtinJwks', { keys: keys.signing.map(toPublicJwk) });
  // The provider's middleware runs only for /oidc: middie's onRequest hook belongs to this scope and
  // its catch-all route, not to every request of the portal (it cost ~0.07 ms per /api request).
  await app.register(async (scope) => {
    await scope.register(middie);
    mountProvider(scope, provider);
    const catchAll = { schema: { hide: true } };
    // reached only when the middleware passed the request on (an /interaction/ path without a route)
    const notFound = (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound();
    scope.all(OIDC_MOUNT_PATH, catchAll, notFound);
    scope.all(`${OIDC_MOUNT_PATH}/*`, catchAll, notFound);
  });
  await app.register((scope, _options, registered) => {
    registerInteractionRoutes(scope, provider);
    registered();
  });

  const { signInThrottle } = app.config;
  await deleteExpiredOidcPayloads(app.db);
  await deleteForgottenFailures(app.db, signInThrottle);
  const cleanup = setInterval(() => {
    // every node's timer runs; one node at a time deletes (db/advisory-lock.ts)
    runExclusively(app.db, 'oidc-payload-cleanup', () => deleteExpiredOidcPayloads(app.db)).catch((error: unknown) =>
      app.log.warn({ err: error }, 'oidc payload cleanup failed'),
    );
    deleteForgottenFailures(app.db, signInThrottle).catch((error: unknown) =>
      app.log.warn({ err: error }, 'sign-in failure cleanup failed'),
    );
  }, HOUR_MS);
  cleanup.unref();
  app.addHook('onClose', (_instance, closed) => {
    clearInterval(cleanup);
    closed();
  });
});
