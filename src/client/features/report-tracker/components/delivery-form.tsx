/**
 * The "Record delivery" form of one delivery entry: date, method, recipient, notes, and — when the
 * property's accounting reports are not all Complete — the override reason the server requires.
 */
import { useState, type FormEvent } from 'react';
import { DELIVERY_METHODS, type DeliveryEntry, type DeliveryMethod } from '../../../../shared/report-tracker';
import type { DeliveryInput } from '../api';
import { Button, DateInput, Select, TextInput } from '../../../components/ui';

export type DeliveryFormProps = {
  entry: DeliveryEntry;
  today: string;
  isSaving: boolean;
  onSubmit: (input: DeliveryInput) => void;
  onCancel: () => void;
};

/** See the module comment. */
export function DeliveryForm({ entry, today, isSaving, onSubmit, onCancel }: DeliveryFormProps) {
  const [deliveredOn, setDeliveredOn] = useState(today);
  const [method, setMethod] = useState<DeliveryMethod>('portal');
  const [recipient, setRecipient] = useState('');
  const [notes, setNotes] = useState(entry.notes);
  const [overrideReason, setOverrideReason] = useState('');
  const needsOverride = !entry.isAccountingComplete;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      status: 'Delivered',
      deliveredOn,
      method,
      recipient: recipient.trim(),
      notes,
      overrideReason: needsOverride ? overrideReason.trim() : undefined,
    });
  };

  return (
    <form className="delivery-form" onSubmit={handleSubmit} aria-label={`Record delivery for ${entry.property.name}`}>
      <label>
        Delivered on
        <DateInput
          className="ui-input--auto"
          required
          value={deliveredOn}
          onChange={(e) => setDeliveredOn(e.target.value)}
        />
      </label>
      <label>
        Method
        <Select className="ui-input--auto" value={method} onChange={(e) => setMethod(e.target.value as DeliveryMethod)}>
          {DELIVERY_METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </Select>
      </label>
      <label>
        Recipient
        <TextInput
          className="ui-input--auto"
          required
          maxLength={200}
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
        />
      </label>
      <label>
        Notes
        <TextInput
          className="ui-input--auto"
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </label>
      {needsOverride ? (
        <label>
          Override reason (accounting not complete)
          <TextInput
            className="ui-input--auto"
            required
            maxLength={500}
            value={overrideReason}
            onChange={(e) => setOverrideReason(e.target.value)}
          />
        </label>
      ) : null}
      <div className="delivery-form__actions">
        <Button type="submit" variant="primary" disabled={isSaving}>
          Save delivery
        </Button>
        <Button type="button" variant="quiet" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
