/**
 * A long form shown as a sequence of steps: the UI schema's root option `ui:steps`, a list of
 * `{ "title": "What happened", "fields": ["incidentDate", …] }` naming the form's top-level fields
 * (docs/behaviour.md "Form steps"). The server checks it when it loads the area
 * (src/server/domains/areas/steps-check.ts); the form engine reads it with {@link formStepsOf}.
 */
import { isJsonObject, type JsonObject } from './json';

/** The UI schema's root option that splits a form into steps. */
export const STEPS_OPTION = 'ui:steps';

/** One step: its title (the step's heading) and the top-level fields it shows, in order. */
export type FormStep = { title: string; fields: readonly string[] };

/**
 * The steps of `uiSchema` (its root `ui:steps`), or null when it has none or the value is not a
 * list of at least two `{ title, fields }` objects (the server refuses such an area; a form is then
 * shown whole rather than not at all).
 */
export function formStepsOf(uiSchema: JsonObject): FormStep[] | null {
  const value = uiSchema[STEPS_OPTION];
  if (!Array.isArray(value) || value.length < 2) return null;
  const steps: FormStep[] = [];
  for (const item of value) {
    if (!isJsonObject(item) || typeof item.title !== 'string' || !Array.isArray(item.fields)) return null;
    const fields = item.fields.filter((field): field is string => typeof field === 'string');
    steps.push({ title: item.title, fields });
  }
  return steps;
}
