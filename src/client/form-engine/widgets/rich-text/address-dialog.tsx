/**
 * The rich-text editor's address dialog, for a link or an image: a native modal `<dialog>`
 * (`showModal`: the page behind is inert, Tab stays inside, Escape closes) with one field,
 * "Address", checked by {@link addressProblem} on Insert (Update when the caret is in a link), and
 * Remove link (only then) and Cancel. It renders into `document.body`, so its
 * `<form>` is not nested inside the area form; its submit event is stopped before React carries it
 * on to the editor's own ancestors. The caller moves the focus back to the editor in `onClose`.
 */
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { addressProblem } from './commands';

export type AddressDialogProps = {
  /** The dialog's heading, e.g. "Insert link". */
  title: string;
  /** The schemes the address may have, said under the field. */
  hint: string;
  /** The address the field starts with (the current link's, or selected text that is an address). */
  initialAddress: string;
  /** True when the caret is in a link: the dialog updates it and offers "Remove link". */
  isEditing?: boolean;
  /** Called with an address that passed {@link addressProblem}. */
  onSubmit: (address: string) => void;
  onRemove?: () => void;
  /** Called once the dialog has closed, whatever closed it (a button, Escape). */
  onClose: () => void;
};

/** See the module comment. Mounted while open; shows itself as a modal on mount. */
export function AddressDialog(props: AddressDialogProps) {
  const { title, hint, initialAddress, isEditing = false, onSubmit, onRemove, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [address, setAddress] = useState(initialAddress);
  const [problem, setProblem] = useState('');
  const id = useId();

  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    input.current?.select();
  }, []);

  const finish = (act?: () => void) => {
    act?.();
    dialog.current?.close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const found = addressProblem(address);
    setProblem(found ?? '');
    if (found) {
      input.current?.focus();
      return;
    }
    finish(() => onSubmit(address));
  };

  return createPortal(
    <dialog ref={dialog} className="address-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form className="address-dialog__form" noValidate onSubmit={submit}>
        <h2 id={`${id}-title`} className="address-dialog__title">
          {title}
        </h2>
        <label htmlFor={`${id}-address`} className="address-dialog__label">
          Address
        </label>
        <input
          ref={input}
          id={`${id}-address`}
          className="address-dialog__input"
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          value={address}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
          onChange={(event) => setAddress(event.target.value)}
        />
        <p id={`${id}-hint`} className="address-dialog__hint">
          {hint}
        </p>
        <p id={`${id}-problem`} className="address-dialog__problem" role="alert">
          {problem}
        </p>
        <div className="address-dialog__actions">
          <button type="submit" className="button button--primary">
            {isEditing ? 'Update' : 'Insert'}
          </button>
          {isEditing && onRemove && (
            <button type="button" className="button" onClick={() => finish(onRemove)}>
              Remove link
            </button>
          )}
          <button type="button" className="button button--quiet" onClick={() => finish()}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
