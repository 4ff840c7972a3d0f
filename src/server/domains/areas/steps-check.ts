/**
 * The check of a UI schema's `ui:steps` (a form shown as steps, src/shared/form-steps.ts) against
 * the form's top-level fields (its own `properties` and those that conditions may show:
 * src/shared/schema-walk.ts `objectFields`): at least two steps, each with a non-empty title and at
 * least one field, every field of the form in exactly one step, no name that is not a field.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../../shared/json';
import { STEPS_OPTION } from '../../../shared/form-steps';
import { isObjectRoot, objectFields, pointerAt } from '../../../shared/schema-walk';
import type { Reports } from './findings';

const POINTER = pointerAt('', STEPS_OPTION);

/** One step's problems; `seen` maps each field already placed to the title of its step. */
function checkStep(
  item: JsonValue,
  index: number,
  names: ReadonlySet<string>,
  seen: Map<string, string>,
  reports: Reports,
): void {
  const at = pointerAt(POINTER, index);
  const label = `step ${index + 1}`;
  if (!isJsonObject(item)) {
    reports.problem('ui.json', at, `${label} must be an object: { "title": "…", "fields": ["…"] }`);
    return;
  }
  const title = typeof item.title === 'string' ? item.title.trim() : '';
  if (!title) reports.problem('ui.json', pointerAt(at, 'title'), `${label} needs a title (the step's heading)`);
  const named = title ? `step ${index + 1} "${title}"` : label;
  for (const key of Object.keys(item)) {
    if (key !== 'title' && key !== 'fields')
      reports.problem('ui.json', pointerAt(at, key), `${named}: "${key}" is not a step option (title, fields)`);
  }
  const { fields } = item;
  if (!Array.isArray(fields) || fields.length === 0) {
    reports.problem('ui.json', pointerAt(at, 'fields'), `${named} needs a list of one or more field names`);
    return;
  }
  fields.forEach((field, position) => {
    const fieldAt = pointerAt(at, 'fields', position);
    if (typeof field !== 'string') reports.problem('ui.json', fieldAt, `${named}: must be a field name`);
    else if (!names.has(field))
      reports.problem('ui.json', fieldAt, `${named}: "${field}" is not a top-level field of the schema`);
    else if (seen.has(field))
      reports.problem(
        'ui.json',
        fieldAt,
        `${named}: "${field}" is already in step "${seen.get(field)}"; a field belongs to exactly one step`,
      );
    else seen.set(field, title || label);
  });
}

/**
 * Reports what is wrong with `ui["ui:steps"]` for a form of `schema`; nothing when `ui` has no
 * steps. Problems sit at `/ui:steps/<n>/…` and name the step and the field.
 */
export function checkSteps(ui: JsonObject, schema: JsonObject, reports: Reports): void {
  const steps = ui[STEPS_OPTION];
  if (steps === undefined) return;
  if (!isObjectRoot(schema)) {
    reports.problem('ui.json', POINTER, 'only a form whose root is an object can be shown as steps');
    return;
  }
  if (!Array.isArray(steps)) {
    reports.problem('ui.json', POINTER, 'must be a list of steps: [{ "title": "…", "fields": ["…"] }, …]');
    return;
  }
  if (steps.length < 2)
    reports.problem(
      'ui.json',
      POINTER,
      `needs at least 2 steps (it has ${steps.length}); leave it out to show the form whole`,
    );
  const names = new Set(objectFields(schema, schema).fields.keys());
  const seen = new Map<string, string>();
  steps.forEach((item, index) => checkStep(item, index, names, seen, reports));
  const left = [...names].filter((name) => !seen.has(name));
  if (left.length && steps.length) {
    const list = left.map((name) => `"${name}"`).join(', ');
    reports.problem(
      'ui.json',
      POINTER,
      `${list} ${left.length === 1 ? 'is' : 'are'} in no step; put each field in exactly one step`,
    );
  }
}
