/**
 * The browser's form validator for a schema in node tests: the module the server generates for it
 * (src/server/domains/areas/validator-modules.ts), evaluated here, and the client's
 * `createFormValidator` over its functions, as src/client/form-engine/use-area-form-schemas.ts
 * builds it from the module `import()` loads.
 */
import {
  createFormValidator,
  validatorFunctionsOf,
  type FormValidator,
  type ValidatorModule,
} from '../../../../../src/client/form-engine/validator';
import { generateValidatorModule } from '../../../../../src/server/domains/areas/validator-generation';
import type { JsonObject } from '../../../../../src/shared/json';

const EXPORT = 'export default function validators(require) {';

/** The default export of a validator module's text (a test stands in for `import()` with `new Function`). */
function evaluateValidatorModule(text: string): ValidatorModule['default'] {
  if (!text.includes(EXPORT)) throw new Error('not a validator module');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a test only: the browser imports the module instead
  const body = new Function(
    text.replace(EXPORT, 'return function validators(require) {'),
  ) as () => ValidatorModule['default'];
  return body();
}

const made = new WeakMap<JsonObject, FormValidator>();

/**
 * The validator the browser would build for `schema` (one per schema object); `onIncomplete` as for
 * the server's generator.
 */
export function precompiledValidator(schema: JsonObject, onIncomplete?: (error: Error) => void): FormValidator {
  let validator = made.get(schema);
  if (!validator) {
    const module = { default: evaluateValidatorModule(generateValidatorModule(schema, onIncomplete)) };
    made.set(schema, (validator = createFormValidator(validatorFunctionsOf(module), schema)));
  }
  return validator;
}
