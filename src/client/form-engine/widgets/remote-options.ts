import type { EnumOptionsType } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api, toApiFailure } from '../../lib/http';

/** API lists a select may take its options from (`ui:options.optionsFrom`; `properties` is a schema transform). */
const SOURCES = {
  users: { path: 'users', label: 'users', searchable: true },
  roleGroups: { path: 'role-groups', label: 'role groups', searchable: false },
} as const;
type Source = keyof typeof SOURCES;

type Row = Record<string, unknown>;

function rowsOf(body: unknown): Row[] {
  const list = Array.isArray(body) ? body : (body as { items?: unknown } | null)?.items;
  return Array.isArray(list) ? list.filter((row): row is Row => typeof row === 'object' && row !== null) : [];
}

function toOption(row: Row): EnumOptionsType | undefined {
  const value = row.id ?? row.key ?? row.value;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const name = [row.name, row.displayName, row.title, row.label].find((text) => typeof text === 'string');
  const email = typeof row.email === 'string' ? ` (${row.email})` : '';
  return { value, label: `${typeof name === 'string' ? name : String(value)}${email}` };
}

/** State of {@link useRemoteOptions}: `options` undefined when the field takes no API list. */
export type RemoteOptions = { options?: EnumOptionsType[]; problem?: string; search: (query: string) => void };

/**
 * Options loaded from the API named by `options.optionsFrom` / `options.optionsSource`:
 * `users` (`GET /api/users?q=`, searched as the person types) or `roleGroups`
 * (`GET /api/role-groups`). A 404 or other failure gives a readable `problem` and no options.
 */
export function useRemoteOptions(options: Record<string, unknown>): RemoteOptions {
  const named = options.optionsFrom ?? options.optionsSource;
  const source = typeof named === 'string' && Object.hasOwn(SOURCES, named) ? (named as Source) : undefined;
  const [query, setQuery] = useState('');
  const [state, setState] = useState<{ options?: EnumOptionsType[]; problem?: string }>({});
  useEffect(() => {
    if (!source) return undefined;
    const { path, label, searchable } = SOURCES[source];
    const controller = new AbortController();
    const searchParams = searchable ? { q: query } : undefined;
    api
      .get(path, { searchParams, signal: controller.signal })
      .json<unknown>()
      .then((body) => setState({ options: rowsOf(body).flatMap((row) => toOption(row) ?? []) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = toApiFailure(error);
        setState({
          options: [],
          problem:
            failure.status === 404
              ? `The list of ${label} is not available on this server yet (GET /api/${path} answered 404).`
              : `The list of ${label} could not be loaded: ${failure.message}`,
        });
      });
    return () => controller.abort();
  }, [source, query]);
  const search = useCallback((text: string) => source && SOURCES[source].searchable && setQuery(text), [source]);
  const stableOptions = useMemo(() => (source ? (state.options ?? []) : undefined), [source, state.options]);
  return { options: stableOptions, problem: state.problem, search };
}
