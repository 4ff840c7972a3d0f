/**
 * The computed totals of an area (area.json `total` rules, src/shared/area-rules.ts) under the
 * repeating section they add up: `Lines total: 7,842.50`, in an `aria-live="polite"` region so a
 * screen reader hears the new total once the row is committed to the form (on leaving the row or
 * after a pause in typing, fields/buffered-row-field.tsx).
 */
import type { ArrayFieldTemplateProps } from '@rjsf/utils';
import { createContext, useContext } from 'react';
import { totalCents, totalsOf, type AreaRule } from '../../../shared/area-rules';
import { formatMoney } from '../../../shared/display-format';
import { PagedArrayFieldTemplate } from './paged-array-field-template';

/** The area's rules, for the array template to find the totals of its own array. */
export const AreaRulesContext = createContext<readonly AreaRule[] | undefined>(undefined);

/** A JSON Pointer (RFC 6901) from rjsf's field path (`['lines', 0, 'items']` → `/lines/0/items`). */
function pointerOf(path: readonly (string | number)[]): string {
  return path.map((token) => `/${String(token).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** The portal's array template ({@link PagedArrayFieldTemplate}) followed by the totals of its array, if any. */
export function ArrayWithTotalsTemplate(props: ArrayFieldTemplateProps) {
  const rules = useContext(AreaRulesContext);
  const totals = totalsOf(rules, pointerOf(props.fieldPathId.path));
  return (
    <>
      <PagedArrayFieldTemplate {...props} />
      {totals.map((total, index) => (
        <p
          key={index}
          className="array-total"
          id={`${props.fieldPathId.$id}__total${index === 0 ? '' : `_${index}`}`}
          aria-live="polite"
          aria-atomic="true"
        >
          {total.label}: <strong>{formatMoney(totalCents(total, props.formData) / 100)}</strong>
        </p>
      ))}
    </>
  );
}
