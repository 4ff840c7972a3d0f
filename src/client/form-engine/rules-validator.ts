/**
 * An area's cross-field rules (area.json `rules`, src/shared/area-rules.ts) as rjsf's
 * `customValidate`, so the form shows the very errors the server would answer with, on the same
 * fields, before anything is sent.
 */
import { createErrorHandler, type CustomValidator, type FieldValidation } from '@rjsf/utils';
import { checkAreaRules, type AreaRule } from '../../shared/area-rules';
import { parsePointer } from '../../shared/form-validation';
import { isJsonObject } from '../../shared/json';

/** A node of rjsf's `FormValidation` tree, seen as the plain object it is at run time. */
type ValidationNode = FieldValidation & { [key: string]: unknown };

function isValidationNode(value: unknown): value is ValidationNode {
  return (
    typeof value === 'object' && value !== null && typeof (value as { addError?: unknown }).addError === 'function'
  );
}

/** The node at `tokens`, created where rjsf made none (it builds the tree from the data's own keys). */
function nodeAt(root: ValidationNode, tokens: readonly string[]): ValidationNode {
  let node = root;
  for (const token of tokens) {
    const child = node[token];
    if (isValidationNode(child)) node = child;
    else node = node[token] = createErrorHandler(undefined);
  }
  return node;
}

/** True when rjsf's schema validation already put a message at `tokens` of `errorSchema`. */
function hasErrorAt(errorSchema: unknown, tokens: readonly string[]): boolean {
  let node = errorSchema;
  for (const token of tokens) node = isJsonObject(node) ? node[token] : undefined;
  return isJsonObject(node) && Array.isArray(node.__errors) && node.__errors.length > 0;
}

/**
 * rjsf `customValidate` for `rules`: runs `checkAreaRules` on the form data and adds each
 * error's message at its JSON Pointer (`/lines/3/toAccount` → `errors.lines[3].toAccount`),
 * except where the schema already reported that field (the server skips those too). Create it
 * once per rules object (`useMemo`): rjsf compares props by reference.
 */
export function createRulesValidator<T>(rules: readonly AreaRule[]): CustomValidator<T> {
  return (formData, errors, _uiSchema, errorSchema) => {
    for (const { path, message } of checkAreaRules(rules, formData)) {
      const tokens = parsePointer(path);
      if (!hasErrorAt(errorSchema, tokens)) nodeAt(errors, tokens).addError(message);
    }
    return errors;
  };
}
