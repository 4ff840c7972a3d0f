import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isValidationErrorBody } from '../../../../shared/api-error';
import { SCHEMA_CHANGED_ERROR } from '../../../../shared/form-areas';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../../shared/json';
import { isObjectRoot } from '../../../../shared/schema-walk';
import { LoadError, Loading } from '../../../components/status-message';
import { useSession } from '../../../lib/session/session-context';
import { DISPLAY_LOCALE } from '../../../config/env';
import { areaDetailPath, areaListPath } from '../../../config/paths';
import { AreaForm } from '../../../form-engine/area-form';
import { fieldIdForPointer, toErrorSchema, type FieldErrorSchema } from '../../../form-engine/error-schema';
import { focusErrorSummary } from '../../../form-engine/focus-field';
import { hasActiveUploads } from '../../../lib/attachments';
import { createSubmission } from '../../../lib/area-api';
import { toApiFailure } from '../../../lib/http';
import { createIdempotencyKey } from '../../../lib/idempotency-key';
import { queueSubmission, removeOutboxItem, type OutboxItem } from '../../../lib/outbox';
import { toast } from '../../../lib/toast';
import { draftKey, useDraft } from '../drafts';
import { formDescription } from '../form-description';
import type { AreaContext } from '../area-route';
import { useAreaFormSchemas } from '../../../form-engine/use-area-form-schemas';
import { Button, ButtonLink } from '../../../components/ui/button';

/**
 * A child record starts on its parent's property (e.g. an incident's follow-up), when both have
 * one; a form of one field (its root is not an object) starts empty.
 */
function initialData(context: AreaContext): JsonValue | undefined {
  if (!isObjectRoot(context.area.schema)) return undefined;
  const field = context.area.propertyField;
  const property = context.parentSubmission?.property;
  return field && property ? { [field]: property } : {};
}

/** `data` with the linked ticket's field set (an object root: area.json refuses `ratesTicket` for any other). */
function withLinkedTicket(
  data: JsonValue | undefined,
  linked: { field: string; number: string } | null,
): JsonValue | undefined {
  if (!linked) return data;
  return { ...(isJsonObject(data) ? data : {}), [linked.field]: linked.number };
}

/**
 * `?ticket=<number>` on an area that rates tickets (area.json `ratesTicket`, e.g. TicketFeedback,
 * linked from a resolved ticket): the field it fills in and locks, or null.
 */
function useLinkedTicket(context: AreaContext): { field: string; number: string } | null {
  const [searchParams] = useSearchParams();
  const number = searchParams.get('ticket');
  const field = context.area.ratesTicket?.ticketField;
  return field && number ? { field, number } : null;
}

/** The UI schema with the linked ticket's field read-only. */
function lockField(uiSchema: JsonObject, field: string): JsonObject {
  const own = uiSchema[field];
  const options = typeof own === 'object' && own !== null && !Array.isArray(own) ? own : {};
  return { ...uiSchema, [field]: { ...options, 'ui:readonly': true } };
}

/** "Draft saved 10:31 AM" and a "Discard draft" button, shown while a draft is stored. */
function DraftBar({ savedAt, onDiscard }: { savedAt: string | null; onDiscard: () => void }) {
  if (!savedAt) return null;
  const time = new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeStyle: 'short' }).format(new Date(savedAt));
  return (
    <div className="draft-bar">
      <span role="status" className="draft-bar__hint">
        Draft saved {time}
      </span>
      <Button type="button" variant="quiet" onClick={onDiscard}>
        Discard draft
      </Button>
    </div>
  );
}

/**
 * Shown when the server refused the submit because the form changed since the page loaded (409
 * `schema_changed`, docs/behaviour.md "Form areas"): the answers are in the draft, and reloading
 * the page opens the current form with them.
 */
function SchemaChangedNotice({ message }: { message: string }) {
  const reload = useRef<HTMLButtonElement>(null);
  // The submit button is usually far below: bring the way out into view and to the keyboard.
  useEffect(() => {
    reload.current?.scrollIntoView({ block: 'center' });
    reload.current?.focus({ preventScroll: true });
  }, [message]);
  return (
    <div className="load-error" role="alert">
      <p>
        <strong>This form has changed since you opened it.</strong> {message} Your answers are saved as a draft in this
        browser and come back when the form reloads.
      </p>
      <Button ref={reload} type="button" onClick={() => window.location.reload()}>
        Reload the form
      </Button>
    </div>
  );
}

/**
 * The create page body below its header (area-create-page.tsx), in a chunk of its own with the
 * form engine: the area's form, submitted to `POST /api/areas/:key/submissions` with
 * an idempotency key. A 422 puts the server's messages on the fields; success toasts
 * "Submitted <number>" and opens the new record; a network failure keeps the data for a retry
 * with the same key, so the retry cannot be stored twice, and without a connection the submission
 * goes to the offline outbox with its idempotency key (lib/outbox.ts), sent once when back online.
 * An `outboxItem` (one the server refused) opens with its data and the server's errors.
 * Unfinished input is autosaved as a draft (features/areas/drafts.ts) that survives a reload and
 * is cleared on submit. The POST names the schema version the form was rendered with; when the
 * area has a newer one the server refuses it (409), the answers are kept as a draft and the page
 * asks to reload the form.
 */
export function CreateSubmission({ context, outboxItem }: { context: AreaContext; outboxItem?: OutboxItem }) {
  const { area, location } = context;
  const navigate = useNavigate();
  const session = useSession();
  const schemas = useAreaFormSchemas(area, { includeInactive: false, readonly: false });
  const linked = useLinkedTicket(context);
  const readyUiSchema = schemas.status === 'ready' ? schemas.uiSchema : null;
  const lockedField = linked?.field;
  // Memoised: rjsf's caches key on the UI schema object, so a new object each render recomputes them.
  const uiSchema = useMemo(() => {
    if (!readyUiSchema) return null;
    const ui = lockedField ? lockField(readyUiSchema, lockedField) : readyUiSchema;
    // the page header shows the form's description (formDescription), before the form engine has loaded
    return formDescription(area.schema) ? { ...ui, 'ui:description': '' } : ui;
  }, [readyUiSchema, lockedField, area.schema]);
  const [startData] = useState<JsonValue | undefined>(() => withLinkedTicket(initialData(context), linked));
  const user = session.user;
  const autosave = useDraft(user ? draftKey(user.id, area.key, location.parent?.id) : null, area.version, startData);
  const [initialFormData, setInitialFormData] = useState<JsonValue | undefined>(() => {
    const data = outboxItem ? outboxItem.payload : autosave.restored ? autosave.restored.data : startData;
    // A draft of another ticket's feedback keeps its answers but rates the ticket of the link.
    return withLinkedTicket(data, linked);
  });
  const [formKey, setFormKey] = useState(0);
  const [extraErrors, setExtraErrors] = useState<FieldErrorSchema | undefined>(() =>
    outboxItem?.errors.length ? toErrorSchema(outboxItem.errors) : undefined,
  );
  const [isSubmitting, setSubmitting] = useState(false);
  const [schemaChanged, setSchemaChanged] = useState<string | null>(null);
  const inFlight = useRef(false);
  const idempotencyKey = useRef<string>(createIdempotencyKey());

  const handleSubmit = async (data: JsonValue) => {
    if (inFlight.current) return;
    if (hasActiveUploads()) {
      toast.error('Wait until the files have finished uploading, then submit again.');
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    setExtraErrors(undefined);
    try {
      const created = await createSubmission(area.key, data, {
        idempotencyKey: idempotencyKey.current,
        parentId: location.parent?.id,
        schemaVersion: area.version,
      });
      autosave.clear();
      if (outboxItem) await removeOutboxItem(outboxItem.idempotencyKey);
      toast.success(`Submitted ${created.number}`);
      await navigate(areaDetailPath(location, created.id));
    } catch (error) {
      const failure = toApiFailure(error);
      if (failure.isNetwork && session.user) {
        // Offline: keep it in the outbox (payload and key only) and send it when the connection returns.
        await queueSubmission({
          idempotencyKey: idempotencyKey.current,
          area: area.key,
          parentArea: location.parent?.area ?? null,
          parentId: location.parent?.id ?? null,
          payload: data,
          userId: session.user.id,
        });
        if (outboxItem) await removeOutboxItem(outboxItem.idempotencyKey);
        autosave.clear();
        idempotencyKey.current = createIdempotencyKey();
        toast.info('You are offline: saved in your outbox, waiting to send');
        await navigate(areaListPath(location));
        return;
      }
      // Only an answer whose outcome is unknown (no answer, 5xx) may be retried with the same key.
      if (!failure.isNetwork && failure.status < 500) idempotencyKey.current = createIdempotencyKey();
      if (failure.status === 409 && failure.body?.error === SCHEMA_CHANGED_ERROR) {
        autosave.saveNow(data);
        setSchemaChanged(failure.message);
        toast.error('Not submitted: this form has changed. Reload it to continue.');
      } else if (failure.status === 422 && isValidationErrorBody(failure.body)) {
        setExtraErrors(toErrorSchema(failure.body.errors));
        toast.error('Please correct the highlighted fields');
        const first = failure.body.errors[0];
        focusErrorSummary(first ? fieldIdForPointer(first.path) : undefined);
      } else {
        toast.error(`Not submitted: ${failure.message}`);
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const discardDraft = () => {
    autosave.clear();
    setInitialFormData(startData);
    setExtraErrors(undefined);
    setFormKey((key) => key + 1);
  };

  return (
    <>
      {schemas.status === 'loading' ? <Loading /> : null}
      {schemas.status === 'error' ? <LoadError error={schemas.error} onRetry={schemas.retry} what="The form" /> : null}
      {schemas.status === 'ready' ? (
        <>
          {schemas.warning ? <p className="note">{schemas.warning}</p> : null}
          {schemaChanged ? <SchemaChangedNotice message={schemaChanged} /> : null}
          <DraftBar savedAt={autosave.savedAt} onDiscard={discardDraft} />
          <AreaForm
            key={formKey}
            schema={schemas.schema}
            uiSchema={uiSchema ?? schemas.uiSchema}
            validator={schemas.validator}
            rules={area.rules}
            initialFormData={initialFormData}
            onChange={autosave.change}
            onSubmit={(data) => void handleSubmit(data)}
            extraErrors={extraErrors}
            submitting={isSubmitting}
            actions={
              <>
                <ButtonLink to={areaListPath(location)} variant="quiet">
                  Cancel
                </ButtonLink>
                {isSubmitting ? (
                  <span role="status" className="form-actions__status">
                    Sending…
                  </span>
                ) : null}
              </>
            }
          />
        </>
      ) : null}
    </>
  );
}
