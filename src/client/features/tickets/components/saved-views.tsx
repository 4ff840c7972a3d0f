import { useId, useState, type FormEvent } from 'react';
import type { FieldError } from '../../../../shared/api-error';
import { normalizeViewQuery, type SavedView } from '../../../../shared/saved-views';
import { Button, describedBy, Field, Pencil, Plus, Save, TextInput, Trash2, X } from '../../../components/ui';
import { toApiFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useResource } from '../../../lib/use-resource';
import { createSavedView, deleteSavedView, fetchSavedViews, renameSavedView } from '../saved-views-api';
import './saved-views.css';

/** What a failed save or rename shows: the name's message, and one for the rest (the query, a conflict). */
type Problems = { name?: string; other?: string };

function problemsOf(error: unknown): Problems {
  const failure = toApiFailure(error);
  const errors: FieldError[] = failure.body && 'errors' in failure.body ? failure.body.errors : [];
  if (errors.length) {
    const name = errors.filter((e) => e.path === '/name').map((e) => e.message);
    const other = errors.filter((e) => e.path !== '/name').map((e) => e.message);
    return { name: name.join(' ') || undefined, other: other.join(' ') || undefined };
  }
  // 409 duplicate_name belongs to the name; too_many_views and the rest to the form
  if (failure.body?.error === 'duplicate_name') return { name: failure.message };
  return { other: failure.message };
}

/** A name field with its save and cancel buttons: saving a new view, or renaming one. */
function NameForm({
  label,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    onSubmit(name).then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false);
        setProblems(problemsOf(error));
      },
    );
  };
  return (
    <form className="saved-views__form" onSubmit={submit}>
      <Field label={label} htmlFor={id} error={problems.name}>
        <TextInput
          id={id}
          name="name"
          value={name}
          autoFocus
          invalid={Boolean(problems.name)}
          aria-describedby={describedBy(id, { error: problems.name })}
          onChange={(event) => setName(event.currentTarget.value)}
        />
      </Field>
      {problems.other ? (
        <p className="saved-views__error" role="alert">
          {problems.other}
        </p>
      ) : null}
      <div className="saved-views__form-actions">
        <Button type="submit" variant="primary" size="small" icon={<Save />} disabled={busy}>
          {submitLabel}
        </Button>
        <Button type="button" variant="quiet" size="small" icon={<X />} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The saved views of /Tickets (docs/behaviour.md "Saved views"): the built-in views and the user's
 * own, the one matching the current filters marked `aria-current`. Choosing a view sets the page's
 * URL query to the view's (`setParams`); "Save current view…" saves `params` (without the page's
 * cursor) under a name; the user's own views can be renamed and deleted. Refusals show the
 * server's messages (422 per field, 409).
 */
export default function SavedViews({
  params,
  setParams,
}: {
  params: URLSearchParams;
  setParams: (next: URLSearchParams) => void;
}) {
  const views = useResource('saved-views', (signal) => fetchSavedViews(signal));
  const [saving, setSaving] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const current = normalizeViewQuery(params);

  const save = async (name: string) => {
    const view = await createSavedView({ name, query: current });
    setSaving(false);
    views.reload();
    toast.success(`Saved the view “${view.name}”.`);
  };
  const rename = async (view: SavedView, name: string) => {
    await renameSavedView(view.id, name);
    setRenaming(null);
    views.reload();
  };
  const remove = (view: SavedView) => {
    deleteSavedView(view.id).then(
      () => {
        views.reload();
        toast.success(`Deleted the view “${view.name}”.`);
      },
      (error: unknown) => toast.error(toApiFailure(error).message),
    );
  };

  return (
    <nav className="saved-views" aria-label="Saved views">
      <h2 className="saved-views__title">Views</h2>
      {views.status === 'error' ? (
        <p className="saved-views__error" role="alert">
          The views could not be loaded.{' '}
          <Button type="button" variant="quiet" size="small" onClick={views.reload}>
            Try again
          </Button>
        </p>
      ) : null}
      {views.status === 'ready' ? (
        <ul className="saved-views__list">
          {views.data.map((view) => {
            const active = view.query === current;
            return (
              <li key={view.id} className="saved-views__item">
                {renaming === view.id ? (
                  <NameForm
                    label={`New name for “${view.name}”`}
                    initial={view.name}
                    submitLabel="Rename"
                    onSubmit={(name) => rename(view, name)}
                    onCancel={() => setRenaming(null)}
                  />
                ) : (
                  <>
                    <Button
                      type="button"
                      variant="quiet"
                      size="small"
                      className="saved-views__view"
                      aria-current={active ? 'true' : undefined}
                      onClick={() => setParams(new URLSearchParams(view.query))}
                    >
                      {view.name}
                    </Button>
                    {view.builtIn ? null : (
                      <span className="saved-views__actions">
                        <Button
                          type="button"
                          variant="quiet"
                          size="small"
                          icon={<Pencil />}
                          aria-label={`Rename “${view.name}”`}
                          onClick={() => setRenaming(view.id)}
                        />
                        <Button
                          type="button"
                          variant="quiet"
                          size="small"
                          icon={<Trash2 />}
                          aria-label={`Delete “${view.name}”`}
                          onClick={() => remove(view)}
                        />
                      </span>
                    )}
                  </>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {saving ? (
        <NameForm
          label="Name of the view"
          initial=""
          submitLabel="Save view"
          onSubmit={save}
          onCancel={() => setSaving(false)}
        />
      ) : (
        <Button type="button" size="small" icon={<Plus />} onClick={() => setSaving(true)}>
          Save current view…
        </Button>
      )}
    </nav>
  );
}
