import type { JsonValue } from '../../../../shared/json';

/** A named object (a file reference `{ id, name, … }`, src/shared/attachment.ts) reads as its name. */
function named(value: unknown): value is { name: string } {
  return typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string';
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (named(value)) return value.name;
  // a list of files reads as their names, not as JSON
  if (Array.isArray(value) && value.length > 0 && value.every(named)) return value.map((item) => item.name).join(', ');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** A field-level diff `{ field: { from, to } }` as readable lines; nested objects one line per key. */
export function DiffView({ diff }: { diff: JsonValue }) {
  if (typeof diff !== 'object' || diff === null || Array.isArray(diff)) return null;
  const lines: [string, unknown, unknown][] = [];
  for (const [field, change] of Object.entries(diff)) {
    const { from, to } = (change ?? {}) as { from?: unknown; to?: unknown };
    const nested = (v: unknown) =>
      typeof v === 'object' && v !== null && !Array.isArray(v) && !('name' in v) ? v : null;
    const a = nested(from) as Record<string, unknown> | null;
    const b = nested(to) as Record<string, unknown> | null;
    if (a || b) {
      for (const key of new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])) {
        if (JSON.stringify(a?.[key]) !== JSON.stringify(b?.[key])) lines.push([`${field}.${key}`, a?.[key], b?.[key]]);
      }
    } else lines.push([field, from, to]);
  }
  return (
    <ul className="diff">
      {lines.map(([field, from, to]) => (
        <li key={field}>
          <strong>{field}</strong>: {show(from)} → {show(to)}
        </li>
      ))}
    </ul>
  );
}
