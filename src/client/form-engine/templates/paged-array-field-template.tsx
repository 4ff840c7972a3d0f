import { buttonId, getTemplate, getUiOptions, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { rowName } from '../field-label';

/**
 * rjsf's own `ArrayFieldTemplate` (the same markup, classes and ids), with an add button named
 * after the section's rows ("Add line item") and a polite live region that announces a row added
 * or removed ("Line item 3 added"), since the new row appears without the focus moving.
 */
function ArrayFieldBody(props: ArrayFieldTemplateProps & { allCount: number }) {
  const { canAdd, className, disabled, fieldPathId, uiSchema, items, optionalDataControl, onAddClick, readonly, registry, required, schema, title, allCount } = props;
  const uiOptions = getUiOptions(uiSchema);
  const ArrayFieldDescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, uiOptions);
  const ArrayFieldTitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, uiOptions);
  const showControlInTitle = !readonly && !disabled;
  const sectionTitle = uiOptions.title || title;
  const row = rowName(schema, sectionTitle);
  const [announcement, setAnnouncement] = useState('');
  const count = useRef(allCount);
  useEffect(() => {
    const Row = row.charAt(0).toUpperCase() + row.slice(1);
    if (allCount > count.current) {
      setAnnouncement(`${Row} ${allCount} added`);
      // the re-render after an added row can drop the focus to <body>: it goes back to the add button
      const addId = buttonId(fieldPathId, 'add');
      window.requestAnimationFrame(() => {
        if (!document.activeElement || document.activeElement === document.body) document.getElementById(addId)?.focus();
      });
    }
    else if (allCount < count.current) setAnnouncement(`${Row} removed, ${allCount} left`);
    count.current = allCount;
  }, [allCount, row, fieldPathId]);
  return (
    <fieldset className={className} id={fieldPathId.$id}>
      <ArrayFieldTitleTemplate fieldPathId={fieldPathId} title={sectionTitle} required={required} schema={schema} uiSchema={uiSchema} registry={registry} optionalDataControl={showControlInTitle ? optionalDataControl : undefined} />
      <ArrayFieldDescriptionTemplate fieldPathId={fieldPathId} description={uiOptions.description || schema.description} schema={schema} uiSchema={uiSchema} registry={registry} />
      {showControlInTitle ? undefined : optionalDataControl}
      <div className="row array-item-list">{items}</div>
      {canAdd ? (
        <div className="row">
          <p className="col-xs-4 col-sm-2 col-lg-1 col-xs-offset-8 col-sm-offset-10 col-lg-offset-11 text-right rjsf-array-item-add">
            <button type="button" id={buttonId(fieldPathId, 'add')} className="btn btn-info btn-add col-xs-12" title={`Add ${row}`} aria-label={`Add ${row}`} onClick={onAddClick} disabled={disabled || readonly}>
              <i className="glyphicon glyphicon-plus" aria-hidden="true" />
            </button>
          </p>
        </div>
      ) : null}
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </fieldset>
  );
}

/** Rows shown at once in a repeating section; longer sections page, since every rendered row costs mount time. */
export const ARRAY_PAGE_SIZE = 50;

/**
 * rjsf's own array template (with named row buttons and announcements: ArrayFieldBody), but a repeating section with more than {@link ARRAY_PAGE_SIZE} rows
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
  if (items.length <= ARRAY_PAGE_SIZE) return <ArrayFieldBody {...props} allCount={items.length} />;
  const first = current * ARRAY_PAGE_SIZE;
  const last = Math.min(items.length, first + ARRAY_PAGE_SIZE);
  return (
    <>
      <ArrayFieldBody {...props} items={items.slice(first, last)} allCount={items.length} />
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
