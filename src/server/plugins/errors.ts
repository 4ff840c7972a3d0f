/**
 * Every error answers with the shapes of src/shared/api-error.ts: `{ statusCode, error, message }`,
 * plus `errors` for 422 validation failures. 5xx details are logged, never sent.
 * `rejectNonJson` refuses JSON-route bodies whose Content-Type is not application/json (415), as
 * Fastify validates bodies only for exactly that type (docs/behaviour.md "Error bodies").
 */
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginOptions,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
} from 'fastify';
import type { ApiError, ValidationErrorBody } from '../../shared/api-error';
import { HttpError } from '../lib/errors';
import { sharedPlugin } from '../lib/shared-plugin';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'too_many_requests',
};

/** Maps any thrown error to an API error body and its status code. */
export function toErrorBody(error: FastifyError | HttpError | Error): ApiError | ValidationErrorBody {
  if (error instanceof HttpError) {
    const body: ApiError = { statusCode: error.statusCode, error: error.code, message: error.message };
    return error.fieldErrors ? { ...body, error: 'validation_failed', errors: error.fieldErrors } : body;
  }
  const statusCode = (error as FastifyError).statusCode ?? 500;
  if (statusCode >= 500) return { statusCode: 500, error: 'internal_error', message: 'Internal server error.' };
  return { statusCode, error: CODES[statusCode] ?? 'request_error', message: error.message };
}

/** True when the Content-Type is `application/json`, optionally with `charset=utf-8`, and nothing else. */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type, ...params] = header.split(';').map((part) => part.trim().toLowerCase());
  return type === 'application/json' && params.every((param) => param === 'charset=utf-8');
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** True for a multipart/form-data body sent to a route whose config says `multipart: true` (file uploads). */
function isAcceptedMultipart(request: FastifyRequest): boolean {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return request.routeOptions.config.multipart === true && type === 'multipart/form-data';
}

/** onRequest hook for JSON routes: 415 `unsupported_media_type` for a body that is not application/json. */
export function rejectNonJson(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!hasBody(request) || isJsonContentType(request.headers['content-type']) || isAcceptedMultipart(request)) {
    done();
    return;
  }
  const body: ApiError = {
    statusCode: 415,
    error: 'unsupported_media_type',
    message: 'Send the request body as Content-Type: application/json.',
  };
  void reply.code(415).send(body);
}

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route or hook runs — a
 * path segment that is not valid percent-encoding (`FST_ERR_BAD_URL`) or a path parameter longer
 * than the router's `maxParamLength` (100 characters; `FST_ERR_MAX_PARAM_LENGTH`, which Fastify
 * would answer 414 in a body of its own) — answers 400 `bad_request` in the API's error shape.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const messages: Record<string, string> = {
    FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is longer than any id.',
    FST_ERR_BAD_URL: 'The request path is not valid percent-encoding.',
  };
  const message = messages[error.code] ?? 'The request could not be routed.';
  const body: ApiError = { statusCode: 400, error: 'bad_request', message };
  void reply.code(400).send(body);
}

/** See the module comment; `rejectNonJson` is added by the /api routes, after the auth hook (401 before 415). */
export const errorsPlugin = sharedPlugin(
  (app: FastifyInstance, _options: FastifyPluginOptions, done: (error?: Error) => void) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const body = toErrorBody(error);
      if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(body.statusCode).send(body);
    });
    done();
  },
);
