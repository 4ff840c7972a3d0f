/**
 * Autosaved drafts of unfinished create forms: one per user, area
 * and (for nested areas) parent submission, in local storage so it survives a reload or a closed
 * tab, cleared on a successful submit or by "Discard draft".
 *
 * Keys are `tm.draft.<user id>.<area>[.<parent id>]`: never `auth.…` (lib/auth-storage.ts reserves that
 * prefix for sign-in data, and sign-out clears it), so a draft outlives a sign-out; it is bound to
 * the user id, so another user on the same browser never sees it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { isJsonObject, type JsonValue } from '../../../shared/json';

/** Prefix of every draft key in local storage. */
export const DRAFT_STORAGE_PREFIX = 'tm.draft.';

/** Milliseconds of quiet typing before a draft is written. */
export const DRAFT_SAVE_DELAY_MS = 400;

/** A stored draft: the form data, when it was saved (ISO 8601) and the schema version it was typed against. */
export type Draft = { data: JsonValue; savedAt: string; schemaVersion: number };

/** The local-storage key of a draft. */
export function draftKey(userId: string, area: string, parentId?: string): string {
  return `${DRAFT_STORAGE_PREFIX}${userId}.${area}${parentId ? `.${parentId}` : ''}`;
}

/** The stored draft under `key`, or null when there is none or it is unreadable. */
export function readDraft(storage: Storage, key: string): Draft | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    if (!isJsonObject(parsed) || parsed.data === undefined || typeof parsed.savedAt !== 'string') return null;
    return { data: parsed.data, savedAt: parsed.savedAt, schemaVersion: Number(parsed.schemaVersion) || 0 };
  } catch {
    return null;
  }
}

/** Writes a draft; false when storage is full or unavailable (the form keeps working). */
export function writeDraft(storage: Storage, key: string, draft: Draft): boolean {
  try {
    storage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** What the create page gets from {@link useDraft}. */
export type DraftControls = {
  /** The draft found when the page opened (its data starts the form), or null. */
  restored: Draft | null;
  /** When the current draft was last written, or null when none is stored. */
  savedAt: string | null;
  /**
   * Schedules a save of `data` (debounced); data equal to the form's start is not saved. A change
   * the form made by itself (`fieldId` absent) before any edit is the start: the data with the
   * schema's defaults filled in, which a fresh form reports as it mounts.
   */
  change: (data: JsonValue, fieldId?: string) => void;
  /** Removes the draft (after a submit, or "Discard draft") and cancels a pending save. */
  clear: () => void;
  /** Writes `data` at once (a submit the server refused must survive a reload). */
  saveNow: (data: JsonValue) => void;
};

/** Autosave of one create form under `key` (null: no user yet, nothing stored). */
export function useDraft(key: string | null, schemaVersion: number, startData: JsonValue | undefined): DraftControls {
  const [restored] = useState<Draft | null>(() => (key ? readDraft(localStorage, key) : null));
  const [savedAt, setSavedAt] = useState<string | null>(restored?.savedAt ?? null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const startJson = useRef(JSON.stringify(restored?.data ?? startData));
  const emptyJson = useRef(JSON.stringify(startData));
  const edited = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const saveNow = useCallback(
    (data: JsonValue) => {
      if (!key) return;
      clearTimeout(timer.current);
      const draft = { data, savedAt: new Date().toISOString(), schemaVersion };
      if (writeDraft(localStorage, key, draft)) setSavedAt(draft.savedAt);
    },
    [key, schemaVersion],
  );
  const change = useCallback(
    (data: JsonValue, fieldId?: string) => {
      if (!key) return;
      if (fieldId === undefined && !edited.current) {
        // not an edit: without this, every visit of a form with defaults stored a draft and showed
        // the draft bar above the form a moment after it appeared, moving it down
        startJson.current = restored ? startJson.current : JSON.stringify(data);
        return;
      }
      edited.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (JSON.stringify(data) === startJson.current && !readDraft(localStorage, key)) return;
        saveNow(data);
      }, DRAFT_SAVE_DELAY_MS);
    },
    [key, saveNow, restored],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    if (key) localStorage.removeItem(key);
    startJson.current = emptyJson.current;
    edited.current = false;
    setSavedAt(null);
  }, [key]);
  return { restored, savedAt, change, clear, saveNow };
}
