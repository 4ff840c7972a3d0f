import type { ErrorListProps } from '@rjsf/utils';
import { fieldIdForProperty } from '../error-schema';
import { fieldLabel } from '../field-label';
import { focusFieldById } from '../focus-field';

/**
 * rjsf `ErrorListTemplate`: the errors above the form, each as "<field titles>: <message>" and a
 * link that moves the focus to the field. Client checks, cross-field rules and the server's 422
 * errors all read the same way (rjsf's default names custom errors by path, `.amount …`).
 */
export function ErrorListTemplate<T>({ errors, schema }: ErrorListProps<T>) {
  return (
    <div className="errors" role="alert">
      <h2 className="errors__title">Please correct {errors.length === 1 ? 'this field' : `these ${errors.length} fields`}</h2>
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
                {fieldLabel(schema, error.property)}
              </a>
              : {error.message}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
