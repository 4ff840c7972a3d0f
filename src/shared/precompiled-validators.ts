/**
 * The contract of a precompiled validator module: the JavaScript the server generates for one form
 * schema with ajv's standalone code (https://ajv.js.org/standalone.html) through rjsf's
 * `compileSchemaValidatorsCode`, served at `GET /api/areas/{key}/validators/{hash}.js` and loaded
 * by the browser with `import()`, so the browser validates without compiling code (no `eval` or
 * `new Function`, no ajv compiler in the web app).
 *
 * The module imports nothing. Its default export is a function that takes a `require` and returns
 * rjsf's `ValidatorFunctions` (the compiled ajv functions keyed by the `$id` rjsf gives each
 * schema: the root's hash and that of every subschema rjsf may check with `isValid`):
 *
 * ```js
 * export default function validators(require) { const exports = {}; …ajv's code…; return exports; }
 * ```
 *
 * ajv's code asks `require` for its run-time helpers and the formats, named by
 * {@link VALIDATOR_RUNTIME_MODULES}; the web app answers from what it bundles itself, so a module
 * needs no import path the browser would have to resolve. ajv writes a format that is a regular
 * expression into the code itself; a format that is a function (`date`, `time`, `uri`…) it reads
 * from the table `require` gives, src/shared/form-formats.ts on both sides.
 */

/** The name the module asks `require` for to get `FORM_FORMATS` (src/shared/form-formats.ts). */
export const VALIDATOR_FORMATS_MODULE = 'tm-portal/form-formats';

/** Every name a validator module may pass to `require`; the server refuses to serve code that needs another. */
export const VALIDATOR_RUNTIME_MODULES = [
  'ajv/dist/runtime/equal',
  'ajv/dist/runtime/ucs2length',
  VALIDATOR_FORMATS_MODULE,
] as const;

/** One of {@link VALIDATOR_RUNTIME_MODULES}. */
export type ValidatorRuntimeModule = (typeof VALIDATOR_RUNTIME_MODULES)[number];
