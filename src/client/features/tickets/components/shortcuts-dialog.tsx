/**
 * The "?" dialog of the `/Tickets` queue: the keyboard shortcuts (docs/behaviour.md "Queue
 * shortcuts"). A modal `<dialog>`: Escape or the Close button closes it, focus returns to where it was.
 */
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui';

/** The shortcuts, key and what it does (also used by the page's help line). */
export const QUEUE_SHORTCUTS: readonly (readonly [string, string])[] = [
  ['j', 'Next ticket'],
  ['k', 'Previous ticket'],
  ['Enter', 'Open the current ticket'],
  ['x', 'Select or unselect the current ticket'],
  ['a', 'Assign the current ticket to me'],
  ['?', 'Show these shortcuts'],
  ['Escape', 'Close this list'],
];

export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnTo = document.activeElement as HTMLElement | null;
    element.showModal();
    return () => {
      if (element.open) element.close();
      returnTo?.focus();
    };
  }, []);
  return (
    <dialog ref={dialog} className="shortcuts-dialog" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <dl>
        {QUEUE_SHORTCUTS.map(([key, what]) => (
          <div key={key} className="shortcuts-dialog__row">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p className="shortcuts-dialog__note">Shortcuts are off while you type in a field.</p>
      <Button type="button" onClick={onClose} autoFocus>
        Close
      </Button>
    </dialog>
  );
}
