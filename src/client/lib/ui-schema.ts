/**
 * Reading rjsf UI-schema options without loading rjsf (list pages must stay light):
 * `ui:options` entries and `ui:<name>` keys, as rjsf's own `getUiOptions` merges them.
 */
import { OPTIONS_FROM_KEY, type OptionSource } from '../../shared/area';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json';

/** The UI options of one field: `ui:options` merged with `ui:*` keys (the latter win, as in rjsf). */
export function readUiOptions(uiField: JsonValue | undefined): JsonObject {
  if (!isJsonObject(uiField)) return {};
  const options: JsonObject = isJsonObject(uiField['ui:options']) ? { ...uiField['ui:options'] } : {};
  for (const [key, value] of Object.entries(uiField)) {
    if (key.startsWith('ui:') && key !== 'ui:options') options[key.slice(3)] = value;
  }
  return options;
}

/** The API list a field takes its options from (`"ui:options": { "optionsFrom": "properties" }`), if any. */
export function optionsSourceOf(uiField: JsonValue | undefined): OptionSource | undefined {
  const source = readUiOptions(uiField)[OPTIONS_FROM_KEY];
  return source === 'properties' ? source : undefined;
}

/** The UI schema of property `key` inside an object's UI schema (`{}` when absent). */
export function childUiSchema(uiSchema: JsonValue | undefined, key: string): JsonObject {
  if (!isJsonObject(uiSchema) || key.startsWith('ui:')) return {};
  const child = uiSchema[key];
  return isJsonObject(child) ? child : {};
}
