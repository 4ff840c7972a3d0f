import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FieldError } from '../../../../shared/api-error';
import type { RoleGroupDetail, ScopeInfo } from '../../../../shared/role-groups';
import { toApiFailure } from '../../../lib/http';
import { createRoleGroup, updateRoleGroup } from '../api';
import { ScopePicker } from './scope-picker';
import { Button, Textarea, TextInput } from '../../../components/ui';

function fieldMessage(errors: readonly FieldError[], path: string): string | undefined {
  const found = errors.filter((error) => error.path === path || error.path.startsWith(`${path}/`));
  return found.length ? found.map((error) => error.message).join('; ') : undefined;
}

/**
 * Creates (no `group`) or edits a role group: name, description, scopes (picker grouped by area)
 * and identity-provider group ids, one per line. Shows the API's per-field 422 messages next to
 * the fields and a 409 (someone else changed it) above the form; calls `onSaved` with the result.
 */
export function RoleGroupForm({
  group,
  vocabulary,
  onSaved,
  onCancel,
}: {
  group: RoleGroupDetail | null;
  vocabulary: readonly ScopeInfo[];
  onSaved: (group: RoleGroupDetail) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [scopes, setScopes] = useState<string[]>(group?.scopes ?? []);
  const [idpText, setIdpText] = useState((group?.idpGroupIds ?? []).join('\n'));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // The editor opens below a long list: bring it into view once, when it opens.
  useEffect(() => formRef.current?.scrollIntoView({ block: 'start' }), []);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setMessage(null);
    const input = {
      name,
      description,
      scopes,
      idpGroupIds: idpText
        .split(/\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    };
    const saving = group ? updateRoleGroup(group.id, { ...input, version: group.version }) : createRoleGroup(input);
    saving.then(
      (saved) => {
        setSaving(false);
        setErrors([]);
        onSaved(saved);
      },
      (error: unknown) => {
        const failure = toApiFailure(error);
        setSaving(false);
        setErrors(failure.body && 'errors' in failure.body ? failure.body.errors : []);
        setMessage(failure.message);
      },
    );
  };

  const nameError = fieldMessage(errors, '/name');
  const scopeError = fieldMessage(errors, '/scopes');
  const idpError = fieldMessage(errors, '/idpGroupIds');
  return (
    <form
      className="role-group-form"
      onSubmit={handleSubmit}
      aria-label={group ? `Edit ${group.name}` : 'New role group'}
    >
      <h2>{group ? `Edit “${group.name}”` : 'New role group'}</h2>
      {message ? (
        <p className="alert alert--error" role="alert">
          {message}
        </p>
      ) : null}
      <label className="role-group-form__field">
        Name
        <TextInput
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={100}
          invalid={Boolean(nameError)}
        />
        {nameError ? <span className="role-group-form__error">{nameError}</span> : null}
      </label>
      <label className="role-group-form__field">
        Description
        <TextInput value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} />
      </label>
      <label className="role-group-form__field">
        Identity-provider group ids (one per line; their members belong automatically)
        <Textarea value={idpText} onChange={(e) => setIdpText(e.target.value)} rows={2} invalid={Boolean(idpError)} />
        {idpError ? <span className="role-group-form__error">{idpError}</span> : null}
      </label>
      <h3>Scopes</h3>
      {scopeError ? <p className="role-group-form__error">{scopeError}</p> : null}
      <ScopePicker vocabulary={vocabulary} value={scopes} onChange={setScopes} />
      <div className="role-group-form__actions">
        <Button type="submit" variant="primary" disabled={isSaving}>
          {group ? 'Save changes' : 'Create role group'}
        </Button>
        <Button type="button" variant="quiet" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
