import { useEffect, useMemo } from 'react';
import type { AreaDefinition, FormSchemaVersion } from '../../shared/area';
import type { Submission } from '../../shared/submission';
import { LoadError, Loading } from '../components/status-message';
import { fetchSchemaVersion } from '../lib/area-api';
import { useResource } from '../lib/use-resource';
import { AreaForm } from './area-form';
import { useAreaFormSchemas } from './use-area-form-schemas';
import { READ_ONLY_WIDGETS } from './widgets/read-only-widgets';

type ShownProps = {
  /** Called once the form (or the error that replaces it) is on screen, no longer "Loading…". */
  onShown?: () => void;
};

function StoredForm({ area, submission, onShown }: { area: AreaDefinition; submission: Submission } & ShownProps) {
  const schemas = useAreaFormSchemas(area, { includeInactive: true, readonly: true });
  const isLoading = schemas.status === 'loading';
  useEffect(() => {
    if (!isLoading) onShown?.();
  }, [isLoading, onShown]);
  if (schemas.status === 'loading') return <Loading />;
  if (schemas.status === 'error') return <LoadError error={schemas.error} onRetry={schemas.retry} what="The form" />;
  return (
    <AreaForm
      schema={schemas.schema}
      uiSchema={schemas.uiSchema}
      validator={schemas.validator}
      rules={area.rules}
      formData={submission.data}
      readonly
      readOnlyWidgets={READ_ONLY_WIDGETS}
    />
  );
}

function OlderVersion({
  current,
  submission,
  version,
  onShown,
}: { current: AreaDefinition; submission: Submission; version: FormSchemaVersion } & ShownProps) {
  const area = useMemo(
    () => ({
      ...current,
      version: version.version,
      schema: version.schema,
      uiSchema: version.uiSchema,
      validator: version.validator,
      rules: version.rules,
    }),
    [current, version],
  );
  return (
    <>
      <p className="note">
        Shown with version {version.version} of this form, the one it was submitted with (the form is now at version{' '}
        {current.version}).
      </p>
      <StoredForm area={area} submission={submission} onShown={onShown} />
    </>
  );
}

/**
 * The stored data, shown read-only with the schema version it was submitted with: field titles
 * from the area's JSON Schema / UI schema, rich-text fields through `RichTextView`, files as
 * download buttons. The body of a submission's detail page and the submission side of the ticket
 * view. `onShown` (keep its identity stable) tells the page when the form has replaced its
 * "Loading…", so content below it can wait for its final place.
 */
export function StoredData({ area, submission, onShown }: { area: AreaDefinition; submission: Submission } & ShownProps) {
  const { key, version: current } = area;
  const wanted = submission.schemaVersion;
  const older = useResource(`schema:${key}@${wanted}`, () =>
    wanted === current ? Promise.resolve(null) : fetchSchemaVersion(key, wanted).catch(() => null),
  );
  if (wanted === current) return <StoredForm area={area} submission={submission} onShown={onShown} />;
  if (older.status === 'loading') return <Loading />;
  if (older.status === 'ready' && older.data)
    return <OlderVersion current={area} submission={submission} version={older.data} onShown={onShown} />;
  return (
    <>
      <p className="note">Version {wanted} of this form is not available; shown with the current form.</p>
      <StoredForm area={area} submission={submission} onShown={onShown} />
    </>
  );
}
