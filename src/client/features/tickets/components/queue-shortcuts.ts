/**
 * Keyboard shortcuts of the `/Tickets` queue (docs/behaviour.md "Queue shortcuts"): j / k move
 * the current row, Enter opens it, x toggles its selection, a assigns it to the signed-in user,
 * ? opens the list of shortcuts. Off while the user types in a field, while a modal dialog is
 * open, and with Ctrl, Alt or Meta held (the browser's and the screen reader's own keys).
 */
import { useEffect, useRef } from 'react';

/** What each key does; `open` runs only when the focus is not on a link or button (they take Enter themselves). */
export type QueueKeyActions = {
  move: (by: 1 | -1) => void;
  open: () => void;
  toggle: () => void;
  assignToMe: () => void;
  help: () => void;
};

/** True when a key press belongs to a field: text inputs, selects, text areas, editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  }
  return false;
}

/** Listens on the document while mounted; `actions` may change between renders. */
export function useQueueShortcuts(actions: QueueKeyActions, enabled: boolean): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      if (isTypingTarget(event.target) || document.querySelector('dialog[open]')) return;
      const run = latest.current;
      const handled = (() => {
        switch (event.key) {
          case 'j':
            run.move(1);
            return true;
          case 'k':
            run.move(-1);
            return true;
          case 'x':
            run.toggle();
            return true;
          case 'a':
            run.assignToMe();
            return true;
          case '?':
            run.help();
            return true;
          case 'Enter': {
            const target = event.target as HTMLElement | null;
            if (target?.closest('a, button, summary, [role="button"]')) return false;
            run.open();
            return true;
          }
          default:
            return false;
        }
      })();
      if (handled) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
