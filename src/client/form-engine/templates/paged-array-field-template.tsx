import { getDefaultRegistry } from '@rjsf/core';
import type { ArrayFieldTemplateProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';

const { ArrayFieldTemplate: DefaultArrayFieldTemplate } = getDefaultRegistry().templates;

/** Rows shown at once in a repeating section; longer sections page, since every rendered row costs mount time. */
export const ARRAY_PAGE_SIZE = 50;

/**
 * rjsf's own array template, but a repeating section with more than {@link ARRAY_PAGE_SIZE} rows
 * shows one page of rows with "Previous"/"Next": React then mounts and commits only those rows,
 * not all of them, on every keystroke (bench:forms, 1,000-row form). Adding a row jumps to the
 * last page, where the new row is. Sections up to the page size render exactly as before.
 */
export function PagedArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items } = props;
  const pages = Math.max(1, Math.ceil(items.length / ARRAY_PAGE_SIZE));
  const [page, setPage] = useState(0);
  const count = useRef(items.length);
  useEffect(() => {
    if (items.length > count.current) setPage(pages - 1);
    count.current = items.length;
  }, [items.length, pages]);
  const current = Math.min(page, pages - 1);
  if (items.length <= ARRAY_PAGE_SIZE) return <DefaultArrayFieldTemplate {...props} />;
  const first = current * ARRAY_PAGE_SIZE;
  const last = Math.min(items.length, first + ARRAY_PAGE_SIZE);
  return (
    <>
      <DefaultArrayFieldTemplate {...props} items={items.slice(first, last)} />
      <nav className="array-pager" aria-label={`Rows of ${props.title ?? 'this section'}`}>
        <button type="button" className="button button--quiet" disabled={current === 0} onClick={() => setPage(current - 1)}>
          Previous rows
        </button>
        <span role="status">
          Rows {first + 1}–{last} of {items.length}
        </span>
        <button
          type="button"
          className="button button--quiet"
          disabled={current >= pages - 1}
          onClick={() => setPage(current + 1)}
        >
          Next rows
        </button>
      </nav>
    </>
  );
}
