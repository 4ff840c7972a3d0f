import type { Editor } from 'slate';
import { HistoryEditor, withHistory } from 'slate-history';
import { joinsUndoGroup, UNDO_MAX_ENTRIES } from '../../../../shared/rich-text';

/**
 * slate-history with time-based grouping: every change within 1000 ms of the previous one
 * joins its undo step, a later change starts a new one, and at most 100 steps are kept.
 * `now` (milliseconds) is injectable for tests. Selection moves are not changes.
 */
export function withTimedHistory<T extends Editor>(editor: T, now: () => number = Date.now): T & HistoryEditor {
  const e = withHistory(editor);
  const { apply, writeHistory } = e;
  let lastEditAt: number | undefined;
  e.apply = (op) => {
    if (
      op.type === 'set_selection' ||
      HistoryEditor.isSaving(e) === false ||
      HistoryEditor.isMerging(e) !== undefined
    ) {
      apply(op);
      return;
    }
    const at = now();
    const joins = joinsUndoGroup(lastEditAt, at);
    lastEditAt = at;
    if (joins) HistoryEditor.withMerging(e, () => apply(op));
    else HistoryEditor.withoutMerging(e, () => apply(op));
  };
  e.writeHistory = (stack, batch) => {
    writeHistory(stack, batch);
    const entries = e.history[stack];
    if (entries.length > UNDO_MAX_ENTRIES) entries.splice(0, entries.length - UNDO_MAX_ENTRIES);
  };
  return e;
}
