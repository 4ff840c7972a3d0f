/**
 * The portal's Fastify app: external plugins, then the app's own decorators and domains, then the
 * routes, in the order of docs/architecture.md "Start order". `server.ts` only starts it; tests
 * drive it with `app.inject`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { AppConfig } from './config';
import { admissionPlugin } from './plugins/admission';
import { areaReloadPlugin } from './plugins/area-reload';
import { areasPlugin } from './plugins/areas';
import { attachmentStorePlugin } from './plugins/attachment-store';
import { attachmentSweepPlugin } from './plugins/attachment-sweep';
import { authPlugin } from './plugins/auth/index';
import { clusterEventsPlugin } from './plugins/cluster-events';
import { dbPlugin } from './plugins/db';
import { domainsPlugin } from './plugins/domains';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors';
import { identityProviderPlugin } from './plugins/identity-provider/index';
import { notificationsPlugin } from './plugins/notifications';
import { openapiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { slaCheckPlugin, slaPolicyPlugin } from './plugins/sla';
import { staticPlugin } from './plugins/static';
import { apiRoutes } from './routes/api/index';

/** What {@link buildApp} takes besides the configuration: the logger and a hook run after close. */
export type BuildOptions = {
  logger?: FastifyServerOptions['logger'];
  /** Runs when the app closes, after every plugin has closed (the database included). */
  afterClose?: () => Promise<void>;
  /** The clock service levels read (epoch ms); default `Date.now`. Tests inject a fixed one. */
  now?: () => number;
};

async function registerAll(app: FastifyInstance, config: AppConfig, now: () => number): Promise<void> {
  app.decorate('config', config);
  app.decorate('now', now);
  await app.register(admissionPlugin);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(areasPlugin);
  await app.register(dbPlugin);
  await app.register(clusterEventsPlugin);
  await app.register(attachmentStorePlugin);
  await app.register(attachmentSweepPlugin);
  await app.register(areaReloadPlugin);
  await app.register(slaPolicyPlugin);
  await app.register(domainsPlugin);
  await app.register(slaCheckPlugin);
  await app.register(notificationsPlugin);
  if (config.oidc.kind === 'builtin') await app.register(identityProviderPlugin);
  await app.register(authPlugin);
  await app.register(openapiPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(staticPlugin);
}

/**
 * The request log (README.md "Logs"): Fastify's own lines, but `incoming request` at debug and
 * `request completed` at info only for an answer of 400 or more (at debug otherwise), so
 * `LOG_LEVEL=debug` lists every request. Two info lines per request cost a busy server more than
 * the request's database work (docs/performance.md "Submission throughput"); errors are logged as
 * Fastify logs them.
 */
class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || reply.statusCode >= 400) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/**
 * Builds the app for `config`: judges the form areas (a broken folder is left out, never fatal),
 * opens, migrates and seeds the database, records schema versions and starts watching SCHEMAS_DIR,
 * mounts the built-in identity provider (unless an external issuer is configured), the API, its
 * docs and the built client. Every plugin is awaited here, so a failing step throws (after closing
 * what it opened); the caller may still add hooks before `listen`/`inject` make it ready.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    logController: new RequestLog(),
    bodyLimit: 1024 * 1024,
    // PGlite's start (WebAssembly, migrations, first seed) took over Fastify's default 10 s on a
    // loaded 2-core machine; a slow start is not a broken plugin.
    pluginTimeout: 60_000,
    trustProxy: config.trustProxy,
    // an over-long path parameter or a malformed path answers 400 in the API's error shape
    frameworkErrors: frameworkErrorHandler,
    // Fastify's default `coerceTypes: 'array'` lets a one-element array through an `anyOf` of
    // scalars unconverted (`"assigneeUserId": ["x"]` passed `null | string` as an array and
    // reached the handler); scalar coercion only (query strings carry no array parameters).
    // `allowUnionTypes`: a type array (JSON Schema's own way to name several types, as the JSON
    // request bodies use) is meant, not a mistake for ajv's strict mode to warn about on every start.
    ajv: { customOptions: { coerceTypes: true, allowUnionTypes: true } },
    // While closing, plugins/admission answers 503 with the API's error body (Fastify's own has no error code).
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  // onClose hooks run last-registered first, so this one, registered before the plugins, runs last.
  const { afterClose } = options;
  if (afterClose) app.addHook('onClose', async () => afterClose());
  try {
    await registerAll(app, config, options.now ?? Date.now);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
