import type { EnumOptionsType } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api, toApiFailure } from '../../lib/http';
import { REMOTE_OPTION_SOURCES, remoteOptionSource } from './remote-option-sources';

/** State of {@link useRemoteOptions}: `options` undefined when the field takes no API list. */
export type RemoteOptions = { options?: EnumOptionsType[]; problem?: string; search: (query: string) => void };

/**
 * Options loaded from the API named by `options.optionsFrom` / `options.optionsSource`:
 * `users` (`GET /api/directory/users?q=`, searched as the person types) or `roleGroups`
 * (`GET /api/directory/role-groups`), mapped by remote-option-sources.ts; both open to every
 * signed-in user. A 404 or another failure gives a readable `problem` and no options.
 */
export function useRemoteOptions(options: Record<string, unknown>): RemoteOptions {
  const source = remoteOptionSource(options.optionsFrom ?? options.optionsSource);
  const [query, setQuery] = useState('');
  const [state, setState] = useState<{ options?: EnumOptionsType[]; problem?: string }>({});
  useEffect(() => {
    if (!source) return undefined;
    const { path, label, searchable, toOptions } = REMOTE_OPTION_SOURCES[source];
    const controller = new AbortController();
    const searchParams = searchable ? { q: query } : undefined;
    api
      .get(path, { searchParams, signal: controller.signal })
      .json<unknown>()
      .then((body) => setState({ options: toOptions(body) }))
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
  const search = useCallback(
    (text: string) => source && REMOTE_OPTION_SOURCES[source].searchable && setQuery(text),
    [source],
  );
  const stableOptions = useMemo(() => (source ? (state.options ?? []) : undefined), [source, state.options]);
  return { options: stableOptions, problem: state.problem, search };
}
