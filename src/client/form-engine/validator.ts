/**
 * The rjsf validator of a form, built from the precompiled validator module the server generated
 * for the form's schema (src/shared/precompiled-validators.ts): rjsf's `createPrecompiledValidator`
 * over ajv's standalone functions. The browser compiles nothing (no `eval`, no `new Function`, no
 * ajv compiler in the web app), and validates with the very options and formats the server checks
 * submissions with (src/shared/form-validation.ts, src/shared/form-formats.ts).
 */
import { hashForSchema, ID_KEY, JUNK_OPTION_ID, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import {
  createPrecompiledValidator,
  type CompiledValidateFunction,
  type ValidatorFunctions,
} from '@rjsf/validator-ajv8';
import equal from 'ajv/dist/runtime/equal.js';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';
import { FORM_FORMATS } from '../../shared/form-formats';
import type { JsonObject } from '../../shared/json';
import { VALIDATOR_FORMATS_MODULE, type ValidatorRuntimeModule } from '../../shared/precompiled-validators';
import { originalSchemaOf } from './property-options';

/** rjsf's validator of a form's data. */
export type FormValidator = ValidatorType<Record<string, unknown>>;

/** What a validator module exports: `default(require)` gives the compiled functions by rjsf's schema ids. */
export type ValidatorModule = { default: (require: (name: string) => unknown) => ValidatorFunctions };

/**
 * A CommonJS module's `exports.default` from a default import of it: bundlers disagree on what that
 * import gives (Rolldown, as Node does, the whole `exports` object; Vite's dev server and vitest
 * `exports.default`).
 */
function commonJsDefault<T extends (...args: never[]) => unknown>(imported: T | { default: T }): T {
  return typeof imported === 'function' ? imported : imported.default;
}

/** What ajv's code gets from `require`: the helpers this web app bundles, as CommonJS modules look. */
const RUNTIME: Readonly<Record<ValidatorRuntimeModule, unknown>> = {
  'ajv/dist/runtime/equal': { default: commonJsDefault(equal) },
  'ajv/dist/runtime/ucs2length': { default: commonJsDefault(ucs2length) },
  [VALIDATOR_FORMATS_MODULE]: FORM_FORMATS,
};

function runtimeRequire(name: string): unknown {
  if (!Object.hasOwn(RUNTIME, name)) {
    throw new Error(`The form's validator needs "${name}", which this version of the web app lacks: reload the page.`);
  }
  return RUNTIME[name as ValidatorRuntimeModule];
}

/** The compiled functions of a loaded validator module. */
export function validatorFunctionsOf(module: ValidatorModule): ValidatorFunctions {
  return module.default(runtimeRequire);
}

/** Subschema ids a form asked for but its module lacks, each reported once. */
const reportedMissing = new Set<string>();

/**
 * The validator of a form whose schema is `schema` (the area's schema as the server sent it; the
 * form may render a copy with property selects, src/client/form-engine/property-options.ts) from
 * its module's `functions`. Throws when the module holds no function for `schema` itself (a module
 * of another schema).
 *
 * rjsf asks two things of it. `validateFormData` (on submit) runs the root function against the
 * area's schema, whatever schema rjsf passes (rjsf passes the rendered one, resolved for the data).
 * `isValid(subschema)` (which answers the `if`, `dependencies` and `oneOf`/`anyOf` questions while
 * a form renders) finds the subschema's function by rjsf's id for it, after mapping a rendered
 * copy back to the area's own subschema; the function is remembered per subschema object and per
 * JSON text, as hashing the subschema on every call (rjsf's own lookup) adds up on a large form.
 * A subschema the module has no function for is logged once and answers false: the server still
 * checks the submission in full.
 */
export function createFormValidator(functions: ValidatorFunctions, schema: JsonObject): FormValidator {
  const root = schema as RJSFSchema;
  const validator: FormValidator = createPrecompiledValidator<Record<string, unknown>>(functions, root);
  const validateFormData = validator.validateFormData.bind(validator);
  const rawValidation = validator.rawValidation.bind(validator);
  validator.validateFormData = (formData, _schema, customValidate, transformErrors, uiSchema) =>
    validateFormData(formData, root, customValidate, transformErrors, uiSchema);
  validator.rawValidation = (_schema, formData) => rawValidation(root, formData);

  const byObject = new WeakMap<object, CompiledValidateFunction | null>();
  const byText = new Map<string, CompiledValidateFunction | null>();
  const functionFor = (subschema: RJSFSchema): CompiledValidateFunction | null => {
    const known = byObject.get(subschema);
    if (known !== undefined) return known;
    const text = JSON.stringify(subschema);
    let found = byText.get(text);
    if (found === undefined) {
      const original = originalSchemaOf(subschema);
      const id = typeof original[ID_KEY] === 'string' ? original[ID_KEY] : hashForSchema(original);
      found = functions[id] ?? null;
      if (!found && !reportedMissing.has(id)) {
        reportedMissing.add(id);
        console.error(
          `The form's validator has no function for the subschema ${id}; it is taken as not matching.`,
          subschema,
        );
      }
      byText.set(text, found);
    }
    byObject.set(subschema, found);
    return found;
  };
  validator.isValid = (subschema, formData) => {
    if (typeof subschema !== 'object' || subschema === null) return subschema !== false;
    if (subschema[ID_KEY] === JUNK_OPTION_ID) return false;
    const validate = functionFor(subschema);
    if (!validate) return false;
    try {
      return validate(formData) === true;
    } catch {
      // rjsf's isValid answers false when running the compiled function throws
      return false;
    } finally {
      validate.errors = null;
    }
  };
  return validator;
}

const bySchema = new WeakMap<JsonObject, FormValidator>();

/**
 * {@link createFormValidator} for `schema` from its loaded module, one per schema object (rjsf
 * re-renders when the validator changes identity).
 */
export function formValidatorFor(module: ValidatorModule, schema: JsonObject): FormValidator {
  let validator = bySchema.get(schema);
  if (!validator) bySchema.set(schema, (validator = createFormValidator(validatorFunctionsOf(module), schema)));
  return validator;
}
