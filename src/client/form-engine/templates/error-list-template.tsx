import type { ErrorListProps } from '@rjsf/utils';
import { useEffect } from 'react';
import { holdErrorTitle } from '../../lib/document-title';
import { errorSentence } from '../error-messages';
import { fieldIdForProperty } from '../error-schema';
import { fieldLabel } from '../field-label';
import { ERROR_SUMMARY_CLASS, focusFieldById } from '../focus-field';

/**
 * rjsf `ErrorListTemplate`: the error summary above the form (GOV.UK Design System "Error
 * summary"): `role="alert"`, focusable (`tabindex="-1"`; focus-field.ts `focusErrorSummary` moves the
 * focus here after a failed submit), the heading "There is a problem" and one link per error
 * whose text names the field ("Lines › #2 › Amount is required") and which moves the focus to
 * that field. While it shows, the document title starts with "Error: " (lib/document-title.ts).
 * Client checks, cross-field rules and the server's 422 errors all read the same way.
 */
export function ErrorListTemplate<T>({ errors, schema }: ErrorListProps<T>) {
  useEffect(() => holdErrorTitle(), []);
  return (
    <div className={`errors ${ERROR_SUMMARY_CLASS}`} role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 className="errors__title" id="error-summary-title">
        There is a problem
      </h2>
      <ul>
        {errors.map((error, index) => {
          const fieldId = fieldIdForProperty(error.property);
          return (
            <li key={`${error.property ?? ''}-${index}`}>
              <a
                href={`#${fieldId}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusFieldById(fieldId);
                }}
              >
                {errorSentence(fieldLabel(schema, error.property), error.message ?? '')}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
