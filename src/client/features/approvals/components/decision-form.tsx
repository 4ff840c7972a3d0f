import { useId, useState } from 'react';
import { Button, Check, Textarea, X } from '../../../components/ui';
import { toApiFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { decideApproval } from '../api';

/**
 * Approve or Reject the step ticket `ticketId` (version `version`) waits on, with one text box: an
 * optional comment for Approve, the reason for Reject (required: the requester reads it; an empty
 * one is refused here, with the message tied to the box, before anything is sent). `label` names
 * the request for screen readers when several forms share a page. `onDecided` runs after the
 * answer, whatever it was (the caller reloads).
 */
export function DecisionForm({
  ticketId,
  version,
  label,
  onDecided,
}: {
  ticketId: string;
  version: number;
  label: string;
  onDecided: () => void;
}) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !comment.trim()) {
      setError('Enter the reason for the rejection: the requester reads it.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await decideApproval(ticketId, version, { decision, ...(comment.trim() ? { comment: comment.trim() } : {}) });
      toast.success(decision === 'approve' ? `${label} approved.` : `${label} rejected.`);
      setComment('');
    } catch (failure) {
      const { status, message } = toApiFailure(failure);
      if (status === 409 || status === 412)
        toast.warn('Someone else decided or changed this request. It is shown as it is now.');
      else toast.error(message);
    }
    setBusy(false);
    onDecided();
  };

  return (
    <form className="approval-decision" aria-label={`Decide ${label}`} onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={`${id}-comment`}>Comment (optional to approve; the reason, required to reject)</label>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <Textarea
        id={`${id}-comment`}
        rows={2}
        maxLength={2000}
        value={comment}
        invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setComment(event.target.value)}
      />
      <div className="approval-decision__buttons">
        <Button type="button" variant="primary" icon={<Check />} disabled={busy} onClick={() => void submit('approve')}>
          Approve
        </Button>
        <Button type="button" variant="danger" icon={<X />} disabled={busy} onClick={() => void submit('reject')}>
          Reject
        </Button>
      </div>
    </form>
  );
}
