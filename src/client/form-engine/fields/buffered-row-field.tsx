/**
 * Repeating-section rows that keep their own edits and commit them to the form in one change
 * (the aim: a keystroke's p90 within one frame, 16 ms, even on a 1,000-row form).
 *
 * Every change rjsf's `Form` receives clones the whole form data, recomputes its defaults,
 * re-resolves its schema and re-renders from the root: on a 1,000-row section that is 30–130 ms a
 * keystroke (bench:forms). A row here holds what is typed into it as local state, so a keystroke
 * re-renders that row only, and hands the row to the form as one change when focus leaves the row,
 * after {@link ROW_COMMIT_DELAY_MS} without typing (drafts autosave from then), and before a submit
 * is validated (the `Form` validates changes queued in the same event, see {@link RowCommitScope}).
 * Conditional fields inside a row (`if`/`then`, `dependencies`) follow the row's own data at once.
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { Field, FieldPathList, FieldProps, RJSFSchema } from '@rjsf/utils';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
} from 'react';

/** Idle time after the last change to a row before the row is committed to the form, ms. */
export const ROW_COMMIT_DELAY_MS = 300;

/** rjsf's own field under `name` (its default registry always has both). */
function defaultField(name: 'ArrayField' | 'SchemaField'): Field {
  const field = getDefaultRegistry().fields[name];
  if (!field) throw new Error(`rjsf has no default ${name}`);
  return field;
}
const DefaultArrayField = defaultField('ArrayField');
const DefaultSchemaField = defaultField('SchemaField');
/** Field props with the row's data typed as unknown (rjsf's default `any`). */
type RowFieldProps = FieldProps<unknown>;

type Commits = Set<() => void>;

/** The commit functions of the rows with uncommitted edits in one form; `null` outside {@link RowCommitScope}. */
const CommitsContext = createContext<Commits | null>(null);
/** The unresolved item schema of the enclosing array, so a row can resolve its conditions against its own edits. */
const ItemSchemaContext = createContext<RJSFSchema | undefined>(undefined);
/** True inside a buffering row: rows of a nested section then pass their changes straight up to it. */
const InsideRowContext = createContext(false);

/**
 * Wraps a form: commits every row with uncommitted edits when a submit starts, in the capture phase
 * of the same React event, so rjsf's submit (an updater queued after the rows' changes) validates
 * and submits them. `display: contents` keeps the wrapper out of the layout.
 */
export function RowCommitScope({ children }: { children: ReactNode }) {
  const commits = useMemo<Commits>(() => new Set(), []);
  const commitAll = useCallback(() => {
    for (const commit of [...commits]) commit();
  }, [commits]);
  return (
    <CommitsContext.Provider value={commits}>
      <div className="row-commit-scope" style={{ display: 'contents' }} onSubmitCapture={commitAll}>
        {children}
      </div>
    </CommitsContext.Provider>
  );
}

/** rjsf's `ArrayField`, telling its rows the unresolved item schema (a resolved one has lost its conditions). */
export function RowSchemaArrayField(props: RowFieldProps) {
  const { items } = props.schema;
  const itemSchema =
    items !== null && typeof items === 'object' && !Array.isArray(items) ? (items as RJSFSchema) : undefined;
  return (
    <ItemSchemaContext.Provider value={itemSchema}>
      <DefaultArrayField {...props} />
    </ItemSchemaContext.Provider>
  );
}

type Pending = { value: unknown; id: string | undefined };

/** `value` with `replacement` at `path` (copies along the path; `undefined` removes an object key). */
export function setAtPath(value: unknown, path: readonly (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const inner = rest.length === 0 ? replacement : setAtPath(readKey(value, head), rest, replacement);
  if (Array.isArray(value) || (typeof head === 'number' && (value === undefined || value === null))) {
    const copy = Array.isArray(value) ? [...(value as unknown[])] : [];
    copy[Number(head)] = inner === undefined ? null : inner;
    return copy;
  }
  const copy: Record<string, unknown> =
    value !== null && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};
  if (inner === undefined) delete copy[String(head)];
  else copy[String(head)] = inner;
  return copy;
}

function readKey(value: unknown, key: string | number): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined;
}

function isPrefix(prefix: FieldPathList, path: FieldPathList): boolean {
  return prefix.length <= path.length && prefix.every((segment, index) => segment === path[index]);
}

/** Whether resolving `schema` depends on the data (conditions, dependencies, compositions, references). */
function hasConditions(schema: RJSFSchema | undefined): boolean {
  return schema !== undefined && ['if', 'dependencies', 'allOf', 'anyOf', 'oneOf', '$ref'].some((key) => key in schema);
}

/**
 * One row of a repeating section (rjsf's `ArraySchemaField`): rjsf's `SchemaField` over the row's
 * data with the uncommitted edits applied. Read-only and disabled forms, rows of a section nested in
 * a row, and forms without a {@link RowCommitScope} render rjsf's field unchanged.
 */
export function BufferedRowField(props: RowFieldProps) {
  const commits = useContext(CommitsContext);
  const insideRow = useContext(InsideRowContext);
  if (!commits || insideRow || props.readonly || props.disabled) return <DefaultSchemaField {...props} />;
  return <BufferingRow {...props} commits={commits} />;
}

function BufferingRow(props: RowFieldProps & { commits: Commits }) {
  const { commits, ...fieldProps } = props;
  const { formData, fieldPathId, registry } = fieldProps;
  const rawSchema = useContext(ItemSchemaContext);
  const [pending, setPending] = useState<Pending | null>(null);
  const latest = useRef({ pending, onChange: fieldProps.onChange, path: fieldPathId.path });
  latest.current = { pending, onChange: fieldProps.onChange, path: fieldPathId.path };
  const latestFormData = useRef(formData);
  latestFormData.current = formData;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const commit = useCallback(() => {
    clearTimeout(timer.current);
    commits.delete(commit);
    const { pending: edits, onChange, path } = latest.current;
    if (!edits) return;
    latest.current.pending = null;
    // Batched with the form's own update: the row shows the committed data in the same render.
    setPending(null);
    onChange(edits.value, path, undefined, edits.id);
  }, [commits]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      commits.delete(commit);
    },
    [commits, commit],
  );

  const onRowChange = useCallback(
    (value: unknown, path: FieldPathList, _errorSchema?: unknown, id?: string) => {
      const { pending: edits, path: rowPath, onChange } = latest.current;
      if (!isPrefix(rowPath, path)) {
        onChange(value, path, undefined, id);
        return;
      }
      const next: Pending = {
        value: setAtPath(edits ? edits.value : latestFormData.current, path.slice(rowPath.length), value),
        id,
      };
      latest.current.pending = next;
      setPending(next);
      commits.add(commit);
      clearTimeout(timer.current);
      timer.current = setTimeout(commit, ROW_COMMIT_DELAY_MS);
    },
    [commits, commit],
  );

  const onRowBlur = useCallback(
    (event: FocusEvent<HTMLDivElement>) => {
      if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) commit();
    },
    [commit],
  );

  const value = pending ? pending.value : formData;
  const schema = useMemo(
    () =>
      pending && hasConditions(rawSchema) && rawSchema
        ? registry.schemaUtils.retrieveSchema(rawSchema, value)
        : fieldProps.schema,
    [pending, rawSchema, registry.schemaUtils, value, fieldProps.schema],
  );
  return (
    <InsideRowContext.Provider value={true}>
      <div className="buffered-row" style={{ display: 'contents' }} onBlur={onRowBlur}>
        <DefaultSchemaField {...fieldProps} schema={schema} formData={value} onChange={onRowChange} />
      </div>
    </InsideRowContext.Provider>
  );
}
