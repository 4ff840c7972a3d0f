/**
 * The columns of the `/Tickets` queue and the user's choice of them: which columns exist, their
 * widths, the defaults, and the chooser (a disclosure of checkboxes). The choice is kept per
 * browser in localStorage under {@link COLUMNS_STORAGE_KEY}; an unreadable or empty value falls
 * back to {@link DEFAULT_COLUMNS}.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Checkbox, Settings } from '../../../components/ui';

export type ColumnId =
  | 'summary'
  | 'area'
  | 'property'
  | 'requester'
  | 'status'
  | 'priority'
  | 'assignee'
  | 'due'
  | 'sla'
  | 'rating'
  | 'created'
  | 'updated';

/** A choosable column: its header and its width in rem (null: takes the rest of the row). */
export type Column = { id: ColumnId; label: string; width: number | null };

/** Every choosable column in display order (the number column is always shown). */
export const COLUMNS: readonly Column[] = [
  { id: 'summary', label: 'Summary', width: null },
  { id: 'area', label: 'Area', width: 8 },
  { id: 'property', label: 'Property', width: 8.5 },
  { id: 'requester', label: 'Requester', width: 8 },
  { id: 'status', label: 'Status', width: 7.5 },
  { id: 'priority', label: 'Priority', width: 5 },
  { id: 'assignee', label: 'Assignee', width: 8 },
  { id: 'due', label: 'Due', width: 6.5 },
  { id: 'sla', label: 'SLA', width: 7 },
  { id: 'rating', label: 'Rating', width: 4.5 },
  { id: 'created', label: 'Created', width: 6.5 },
  { id: 'updated', label: 'Updated', width: 6.5 },
];

/** Shown until the user chooses: number (always), summary, area, property, status, priority, assignee, SLA, updated. */
export const DEFAULT_COLUMNS: readonly ColumnId[] = [
  'summary',
  'area',
  'property',
  'status',
  'priority',
  'assignee',
  'sla',
  'updated',
];

/** The localStorage key of the chosen columns (a JSON array of column ids). */
export const COLUMNS_STORAGE_KEY = 'tm.tickets.columns';

/** Width in rem of the selection and number columns, and the least the summary gets. */
export const SELECT_WIDTH = 2.5;
export const NUMBER_WIDTH = 6;
export const SUMMARY_MIN_WIDTH = 10;

function readChoice(): ColumnId[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY) ?? 'null');
    if (Array.isArray(stored)) {
      const known = COLUMNS.filter((column) => stored.includes(column.id)).map((column) => column.id);
      if (known.length) return known;
    }
  } catch {
    // unreadable (private mode, bad JSON): the defaults
  }
  return [...DEFAULT_COLUMNS];
}

/** The chosen columns (in display order) and a setter that stores the choice. */
export function useColumnChoice(): [ColumnId[], (next: ColumnId[]) => void] {
  const [chosen, setChosen] = useState<ColumnId[]>(readChoice);
  const choose = (next: ColumnId[]) => {
    const ordered = COLUMNS.filter((column) => next.includes(column.id)).map((column) => column.id);
    setChosen(ordered);
    try {
      localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(ordered));
    } catch {
      // storage full or refused: the choice lasts for this page only
    }
  };
  return [chosen, choose];
}

/**
 * "Columns" button opening a panel of checkboxes (one per column; the last one cannot be
 * unticked) and a "Reset to defaults" button. Escape or a click outside closes it.
 */
export function ColumnChooser({ chosen, onChange }: { chosen: ColumnId[]; onChange: (next: ColumnId[]) => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="column-chooser" ref={root}>
      <Button
        ref={button}
        type="button"
        size="small"
        icon={<Settings />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        Columns
      </Button>
      <div id={panelId} className="column-chooser__panel" hidden={!open}>
        <fieldset>
          <legend>Columns shown</legend>
          {COLUMNS.map((column) => {
            const checked = chosen.includes(column.id);
            return (
              <Checkbox
                key={column.id}
                className="column-chooser__option"
                label={column.label}
                checked={checked}
                disabled={checked && chosen.length === 1}
                onChange={() => onChange(checked ? chosen.filter((id) => id !== column.id) : [...chosen, column.id])}
              />
            );
          })}
        </fieldset>
        <Button type="button" size="small" variant="quiet" onClick={() => onChange([...DEFAULT_COLUMNS])}>
          Reset to defaults
        </Button>
      </div>
    </div>
  );
}
