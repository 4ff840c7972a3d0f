/**
 * Refuses, for every /api route, input the database would refuse (lib/storable-input.ts), before
 * any handler sees it (docs/behaviour.md "Error bodies"):
 * - `refuseUnstorableInput` (preValidation): a JSON body holding U+0000, an unpaired UTF-16
 *   surrogate, a non-finite number or nesting deeper than 64 levels answers 422
 *   `validation_failed` with one entry per place (JSON Pointers into the body); the same text in a
 *   query parameter, path parameter or header answers 400 `bad_request` naming it.
 * - `refuseNonFiniteNumbers` (preHandler): a value the schema coerced from text to a number that
 *   is not finite (ajv reads `limit=1e309` or `"version": "1e309"` as Infinity, and its range
 *   keywords let Infinity through) answers 400 for a query or path parameter, 422 in a body.
 */
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { badRequest, validationFailed, type HttpError } from '../lib/errors';
import { findUnstorableValues, isStorableText, UNSTORABLE_TEXT_MESSAGE } from '../lib/storable-input';

type Source = 'querystring' | 'params' | 'headers';

/** The first `name` of `values` (query, params or headers) whose text the database would refuse, or null. */
function unstorableName(values: unknown): string | null {
  if (!values || typeof values !== 'object') return null;
  for (const [name, value] of Object.entries(values)) {
    if (!isStorableText(name)) return JSON.stringify(name);
    const texts = Array.isArray(value) ? value : [value];
    if (texts.some((text) => typeof text === 'string' && !isStorableText(text))) return name;
  }
  return null;
}

/** 422 naming every place of the body the database would refuse, or undefined. */
function unstorableBody(body: unknown): HttpError | undefined {
  const problems = body === undefined ? [] : findUnstorableValues(body);
  return problems.length ? validationFailed(problems, 'The request body has values that cannot be stored.') : undefined;
}

function unstorableInput(request: FastifyRequest): HttpError | undefined {
  const sources: [Source, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
    ['headers', request.headers],
  ];
  for (const [source, values] of sources) {
    const name = unstorableName(values);
    if (name !== null) return badRequest(`${source}/${name} ${UNSTORABLE_TEXT_MESSAGE}.`);
  }
  return unstorableBody(request.body);
}

/** After validation: a number coerced from text that is not finite (the body is walked again for it). */
function coercedNonFinite(request: FastifyRequest): HttpError | undefined {
  const sources: [Source, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
  ];
  for (const [source, values] of sources) {
    if (!values || typeof values !== 'object') continue;
    for (const [name, value] of Object.entries(values)) {
      const numbers: unknown[] = Array.isArray(value) ? value : [value];
      if (numbers.some((n) => typeof n === 'number' && !Number.isFinite(n))) {
        return badRequest(`${source}/${name} must be a finite number.`);
      }
    }
  }
  return unstorableBody(request.body);
}

/** See the module comment. */
export function refuseUnstorableInput(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  done(unstorableInput(request));
}

/** See the module comment. */
export function refuseNonFiniteNumbers(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  done(coercedNonFinite(request));
}
