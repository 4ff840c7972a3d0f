import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the URL query, so a filtered list can be bookmarked and shared: the current
 * parameters, a setter that sets or (for an empty value) removes one filter and drops `cursor`
 * so the list starts again from its first page, and react-router's raw setter.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const setFilter = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('cursor');
    setParams(next);
  };
  return { params, setParams, setFilter };
}
