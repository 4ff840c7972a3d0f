/**
 * Admits each request: gives it its arrival number, which orders its database work on PGlite
 * (lib/fair-queue), and refuses it with 503 once the app is closing (docs/behaviour.md "Shutdown").
 *
 * A request is admitted two event-loop turns after it was read. libuv handles signals after all
 * the sockets of a poll round ("Run signal watchers last" in its `uv__io_poll`), so a request
 * sent after SIGTERM can be read before the signal is seen: in the same round, or, when the
 * server was idle, one round earlier. Two turns later the signal has been handled and the close
 * has begun, so such a request is refused instead of being served. While closing, every answer
 * also says `Connection: close`, so keep-alive connections end after their request in flight.
 */
import type { FastifyPluginCallback, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ApiError } from '../../shared/api-error';
import { nextArrival, runAsArrival } from '../lib/fair-queue';
import { sharedPlugin } from '../lib/shared-plugin';

const CLOSING: ApiError = {
  statusCode: 503,
  error: 'service_unavailable',
  message: 'The portal is shutting down. Try again in a moment.',
};

const admission: FastifyPluginCallback = (app, _options, pluginDone) => {
  let closing = false;
  const arrivals = new WeakMap<FastifyRequest, number>();

  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const ticket = nextArrival();
    arrivals.set(request, ticket);
    runAsArrival(ticket, () =>
      setImmediate(() =>
        setImmediate(() => {
          if (!closing) return done();
          void reply.code(503).header('connection', 'close').send(CLOSING);
        }),
      ),
    );
  });

  // A body read in later socket events loses the async context of onRequest: enter it again.
  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const ticket = arrivals.get(request);
    if (ticket === undefined) return done();
    runAsArrival(ticket, () => done());
  });

  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  pluginDone();
};

/** See the module comment. Register it before every other plugin with request hooks. */
export const admissionPlugin = sharedPlugin(admission);
