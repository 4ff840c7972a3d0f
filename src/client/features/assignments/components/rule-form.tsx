import { useId, useState, type ReactNode } from 'react';
import { isValidationErrorBody } from '../../../../shared/api-error';
import type { AreaSummary } from '../../../../shared/area';
import type { AssigneeOptions, AssignmentPreview, AssignmentRule } from '../../../../shared/assignment';
import type { Property } from '../../../../shared/me';
import { fetchArea } from '../../../lib/area-api';
import { toApiFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useResource } from '../../../lib/use-resource';
import { createRule, isStaleError, previewRule, updateRule } from '../api';
import { conditionFields, errorsByInput, toDraft, toInput, type RuleDraft } from '../rule-draft';
import { RulePreview } from './rule-preview';
import { Button, Checkbox, Field as UiField, fieldErrorId, Select, TextInput } from '../../../components/ui';

type Errors = ReturnType<typeof errorsByInput>;

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <UiField label={label} htmlFor={id} error={error ? `${label} ${error}` : undefined}>
      {children}
    </UiField>
  );
}

/** aria props of an input with an optional error message. */
const described = (id: string, error?: string) =>
  error ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId(id) } : {};

/**
 * The create / edit form of an assignment rule: name, enabled, area, optional property, optional
 * field condition (a field of the area's form and the value it must have), assignee user and/or
 * role group; "Test this rule" previews the recent submissions it would match. A 422 puts the
 * server's message under each input; a 412 (edited meanwhile) calls `onStale` to reload.
 */
export function RuleForm(props: {
  rule?: AssignmentRule;
  areas: AreaSummary[];
  properties: Property[];
  assignees: AssigneeOptions;
  onSaved: (rule: AssignmentRule) => void;
  onCancel: () => void;
  onStale: () => void;
}) {
  const { rule, areas, properties, assignees } = props;
  const base = useId();
  const [draft, setDraft] = useState<RuleDraft>(() => toDraft(rule));
  const [errors, setErrors] = useState<Errors>({});
  const [isBusy, setBusy] = useState(false);
  const [preview, setPreview] = useState<AssignmentPreview | null>(null);
  const area = useResource(`rule-area:${draft.area}`, () =>
    draft.area ? fetchArea(draft.area) : Promise.resolve(null),
  );
  const fields = area.data ? conditionFields(area.data.schema) : [];
  const chosenField = fields.find((field) => field.key === draft.field);
  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    setPreview(null);
  };
  const id = (name: string) => `${base}-${name}`;

  const run = async (action: () => Promise<void>, failure: string) => {
    setBusy(true);
    setErrors({});
    try {
      await action();
    } catch (error) {
      const answer = toApiFailure(error);
      if (isStaleError(error)) {
        toast.error(`${answer.message} The rules were reloaded.`);
        props.onStale();
      } else if (answer.status === 422 && isValidationErrorBody(answer.body)) {
        setErrors(errorsByInput(answer.body.errors));
        toast.error('Please correct the highlighted fields');
      } else {
        toast.error(`${failure}: ${answer.message}`);
      }
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    run(async () => {
      const input = toInput(draft, fields);
      const saved = rule ? await updateRule(rule.id, rule.version, input) : await createRule(input);
      toast.success(`Saved rule “${saved.name}”`);
      props.onSaved(saved);
    }, 'Not saved');

  const test = () => run(async () => setPreview(await previewRule(toInput(draft, fields))), 'Could not test the rule');

  return (
    <form
      className="rule-form"
      aria-label={rule ? `Edit rule ${rule.name}` : 'New rule'}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h2>{rule ? `Edit “${rule.name}”` : 'New rule'}</h2>
      {errors.form ? <p className="alert alert--error">{errors.form}</p> : null}
      <div className="rule-form__grid">
        <Field id={id('name')} label="Name" error={errors.name}>
          <TextInput
            id={id('name')}
            value={draft.name}
            maxLength={120}
            onChange={(e) => set('name', e.target.value)}
            {...described(id('name'), errors.name)}
          />
        </Field>
        <Field id={id('area')} label="Form area" error={errors.area}>
          <Select
            id={id('area')}
            value={draft.area}
            onChange={(e) => setDraft((d) => ({ ...d, area: e.target.value, field: '', value: '' }))}
            {...described(id('area'), errors.area)}
          >
            <option value="">Choose a form area…</option>
            {areas.map((a) => (
              <option key={a.key} value={a.key}>
                {a.title} ({a.key})
              </option>
            ))}
          </Select>
        </Field>
        <Field id={id('property')} label="Property" error={errors.property}>
          <Select
            id={id('property')}
            value={draft.property}
            onChange={(e) => set('property', e.target.value)}
            {...described(id('property'), errors.property)}
          >
            <option value="">Any property</option>
            {properties.map((p) => (
              <option key={p.code} value={p.code}>
                {p.code} — {p.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={id('field')} label="Field" error={errors.field}>
          <Select
            id={id('field')}
            value={draft.field}
            disabled={!draft.area}
            onChange={(e) => setDraft((d) => ({ ...d, field: e.target.value, value: '' }))}
            {...described(id('field'), errors.field)}
          >
            <option value="">Any value (no field condition)</option>
            {fields.map((f) => (
              <option key={f.key} value={f.key}>
                {f.title}
              </option>
            ))}
          </Select>
        </Field>
        {draft.field ? (
          <Field id={id('value')} label="Value" error={errors.value}>
            {chosenField?.options ? (
              <Select
                id={id('value')}
                value={draft.value}
                onChange={(e) => set('value', e.target.value)}
                {...described(id('value'), errors.value)}
              >
                <option value="">Choose a value…</option>
                {chosenField.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Select>
            ) : (
              <TextInput
                id={id('value')}
                value={draft.value}
                onChange={(e) => set('value', e.target.value)}
                {...described(id('value'), errors.value)}
              />
            )}
          </Field>
        ) : null}
        <Field id={id('user')} label="Assignee user" error={errors.assigneeUserId}>
          <Select
            id={id('user')}
            value={draft.assigneeUserId}
            onChange={(e) => set('assigneeUserId', e.target.value)}
            {...described(id('user'), errors.assigneeUserId)}
          >
            <option value="">No user</option>
            {assignees.users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
                {u.email ? ` (${u.email})` : ''}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={id('group')} label="Assignee role group" error={errors.assigneeGroupId}>
          <Select
            id={id('group')}
            value={draft.assigneeGroupId}
            onChange={(e) => set('assigneeGroupId', e.target.value)}
            {...described(id('group'), errors.assigneeGroupId)}
          >
            <option value="">No role group</option>
            {assignees.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Checkbox
        className="rule-form__check"
        label="Enabled"
        checked={draft.enabled}
        onChange={(e) => set('enabled', e.target.checked)}
      />
      <div className="rule-form__actions">
        <Button type="submit" variant="primary" disabled={isBusy}>
          {rule ? 'Save rule' : 'Create rule'}
        </Button>
        <Button type="button" disabled={isBusy || !draft.area} onClick={() => void test()}>
          Test this rule
        </Button>
        <Button type="button" variant="quiet" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
      {preview ? (
        <RulePreview preview={preview} isNested={Boolean(areas.find((a) => a.key === draft.area)?.parent)} />
      ) : null}
    </form>
  );
}
