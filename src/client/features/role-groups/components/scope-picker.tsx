import { useId } from 'react';
import type { ScopeInfo } from '../../../../shared/role-groups';

const FORM_CATEGORY = 'Form: ';

/**
 * Chooses scopes from the vocabulary (`GET /api/scopes`): portal-wide and report-tracker scopes as
 * checkbox groups, then one row per form area with "Submit" and "Read all" boxes (per-area scopes
 * exist for every area discovered in `schemas/`). Each box's accessible name is its scope label.
 */
export function ScopePicker({
  vocabulary,
  value,
  onChange,
}: {
  vocabulary: readonly ScopeInfo[];
  value: readonly string[];
  onChange: (scopes: string[]) => void;
}) {
  const id = useId();
  const selected = new Set(value);
  const toggle = (scope: string, on: boolean) =>
    onChange(on ? [...value, scope] : value.filter((existing) => existing !== scope));
  const categories = [...new Set(vocabulary.map((item) => item.category))];
  const general = categories.filter((category) => !category.startsWith(FORM_CATEGORY));
  const areas = categories.filter((category) => category.startsWith(FORM_CATEGORY));
  const box = (item: ScopeInfo, label: string) => (
    <label className="scope-picker__option" key={item.scope} title={item.scope}>
      <input
        type="checkbox"
        checked={selected.has(item.scope)}
        onChange={(event) => toggle(item.scope, event.target.checked)}
        aria-label={item.label}
        value={item.scope}
      />{' '}
      {label}
    </label>
  );
  return (
    <div className="scope-picker">
      {general.map((category) => (
        <fieldset key={category} className="scope-picker__group">
          <legend>{category}</legend>
          {vocabulary.filter((item) => item.category === category).map((item) => box(item, item.label))}
        </fieldset>
      ))}
      <fieldset className="scope-picker__group">
        <legend id={`${id}-areas`}>Form areas</legend>
        <table className="data-table scope-picker__areas" aria-labelledby={`${id}-areas`}>
          <thead>
            <tr>
              <th scope="col">Area</th>
              <th scope="col">Submit</th>
              <th scope="col">Read all submissions</th>
            </tr>
          </thead>
          <tbody>
            {areas.map((category) => (
              <tr key={category}>
                <th scope="row">{category.slice(FORM_CATEGORY.length)}</th>
                {vocabulary
                  .filter((item) => item.category === category)
                  .map((item) => (
                    <td key={item.scope}>{box(item, item.scope.endsWith(':submit') ? 'Submit' : 'Read all')}</td>
                  ))}
              </tr>
            ))}
          </tbody>
        </table>
      </fieldset>
    </div>
  );
}
