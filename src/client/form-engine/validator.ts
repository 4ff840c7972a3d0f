/**
 * The one rjsf validator of the portal: ajv 8 with the same options and extra formats as the
 * server (src/shared/form-validation.ts), so client and server agree on what is valid. Created
 * once at module scope: ajv's compile cache lives on this instance, and a new one per form would
 * compile every schema again.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import { hashForSchema, withIdRefPrefix, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { ValidateFunction } from 'ajv';
import { addFormFormats, FORM_AJV_OPTIONS } from '../../shared/form-validation';

type FormValidator = ValidatorType<Record<string, unknown>>;

/**
 * rjsf's `isValid` (which answers every `if`, `dependencies` and `oneOf`/`anyOf` question while a
 * form renders) with the compiled ajv function remembered per subschema: rjsf's own copies the
 * subschema and hashes its sorted JSON on every call to find the compiled function again, several
 * times per condition on each render, which adds up on a large form's mount. The answer is the same:
 * the first call for a subschema goes through rjsf (which compiles it and registers the root
 * schema), later calls with the same root schema run the function it compiled. A different root
 * schema starts afresh through rjsf, which swaps the root schema in ajv.
 */
function withRememberedIsValid(validator: FormValidator & { ajv: { getSchema: (id: string) => ValidateFunction | undefined } }): FormValidator {
  const isValidThroughRjsf = validator.isValid.bind(validator);
  let lastRoot: RJSFSchema | undefined;
  let byObject = new WeakMap<object, ValidateFunction>();
  let byText = new Map<string, ValidateFunction>();
  validator.isValid = (schema, formData, rootSchema) => {
    if (rootSchema !== lastRoot) {
      lastRoot = rootSchema;
      byObject = new WeakMap();
      byText = new Map();
    }
    let compiled = typeof schema === 'object' && schema !== null ? byObject.get(schema) : undefined;
    const text = compiled ? '' : JSON.stringify(schema);
    compiled ??= byText.get(text);
    if (!compiled) {
      const result = isValidThroughRjsf(schema, formData, rootSchema);
      const prefixed = withIdRefPrefix(schema) as RJSFSchema;
      const found = validator.ajv.getSchema(prefixed.$id ?? hashForSchema(prefixed));
      if (found && typeof schema === 'object' && schema !== null) {
        byObject.set(schema, found);
        byText.set(text, found);
      }
      return result;
    }
    if (typeof schema === 'object' && schema !== null) byObject.set(schema, compiled);
    try {
      return compiled(formData) === true;
    } catch {
      // rjsf's isValid answers false when running the compiled function throws
      return false;
    }
  };
  return validator;
}

/**
 * rjsf validator for area forms: draft-07 schemas, the formats of `addFormFormats` (the server's
 * very ajv-formats, not the older copy rjsf's validator brings, which disagreed on `time`,
 * `date-time` and `ipv4`).
 */
export const formValidator = withRememberedIsValid(
  customizeValidator<Record<string, unknown>>({
    ajvOptionsOverrides: { ...FORM_AJV_OPTIONS },
    ajvFormatOptions: false,
    extenderFn: addFormFormats,
  }),
);
