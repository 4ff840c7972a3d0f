/**
 * Precompiled validator modules (src/shared/precompiled-validators.ts has the module's contract):
 * the JavaScript the browser validates a form with, generated from the form's JSON Schema with
 * ajv's standalone code (https://ajv.js.org/standalone.html), for the schema and every subschema
 * rjsf checks with `isValid` (conditions, `oneOf`/`anyOf` options, dependencies), under the ids
 * rjsf looks them up by (https://rjsf-team.github.io/react-jsonschema-form/docs/usage/validation).
 *
 * A module is named by {@link validatorHash}: the sha256 of the schema (canonical JSON) and of
 * what shapes the generated code (the versions of ajv, ajv-formats and rjsf, the ajv options, the
 * formats, this file's revision), so a name always means the same text and may be cached
 * for ever, and a new schema, or an upgrade that changes the code, gets a new name. This file
 * names the modules; ./validator-generation.ts writes them (7–61 ms per area on a quiet machine),
 * and ./validator-modules.ts serves them, each generated on its first request and imported only
 * then, so a start does not load rjsf's utilities or ajv's standalone code generator.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FORM_FORMATS } from '../../../shared/form-formats';
import { FORM_AJV_OPTIONS } from '../../../shared/form-validation';
import type { JsonObject } from '../../../shared/json';
import { findPackageRoot } from '../../lib/package-root';
import { canonicalJson } from './canonical-json';

/** Bumped when the module text ./validator-generation.ts writes changes for the same inputs. */
const MODULE_REVISION = 1;

const require = createRequire(import.meta.url);

/** The version in the package.json of the package `name` resolves to. */
function packageVersion(name: string): string {
  const root = findPackageRoot(pathToFileURL(require.resolve(name)).href);
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

let generatorText: string | undefined;
/** Canonical JSON of everything besides the schema that decides a module's text. */
function generator(): string {
  generatorText ??= canonicalJson({
    revision: MODULE_REVISION,
    packages: Object.fromEntries(
      ['ajv', 'ajv-formats', '@rjsf/utils', '@rjsf/validator-ajv8'].map((name) => [name, packageVersion(name)]),
    ),
    options: FORM_AJV_OPTIONS,
    // ajv writes a pattern format into the code; a function format the browser supplies at run time
    formats: Object.fromEntries(
      Object.entries(FORM_FORMATS).map(([name, format]) => [
        name,
        format instanceof RegExp ? String(format) : typeof format,
      ]),
    ),
  });
  return generatorText;
}

/** sha256 (hex) naming the validator module of `schema` (see the module comment). */
export function validatorHash(schema: JsonObject): string {
  return createHash('sha256')
    .update(`${generator()}\n${canonicalJson(schema)}`)
    .digest('hex');
}

/**
 * Where the validator module of `schema` of area `key` is served, relative to the API root
 * (`areas/AP/validators/<hash>.js`): what `AreaDefinition.validator` and
 * `FormSchemaVersion.validator` hold.
 */
export function validatorModulePath(key: string, schema: JsonObject): string {
  return `areas/${encodeURIComponent(key)}/validators/${validatorHash(schema)}.js`;
}
