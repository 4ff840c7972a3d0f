import { useEffect, useId, useRef, useState } from 'react';
import { SearchInput } from '../../../components/ui';

/** Delay between the last keystroke and the search (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A labelled search field ("Search") that reports its text `SEARCH_DEBOUNCE_MS` after the last
 * keystroke, or at once on Enter. Follows `value` when it changes from outside (back button).
 */
export function SearchBox({
  value,
  onSearch,
  placeholder,
}: {
  value: string;
  onSearch: (q: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const lastSent = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === lastSent.current) return undefined;
    const timer = window.setTimeout(() => {
      lastSent.current = text;
      onSearchRef.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  return (
    <form
      className="search-box"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        lastSent.current = text;
        onSearchRef.current(text);
      }}
    >
      <label htmlFor={id}>Search</label>
      <SearchInput
        id={id}
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}
