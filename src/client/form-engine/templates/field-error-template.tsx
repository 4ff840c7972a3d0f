import { errorId, getUiOptions, type FieldErrorProps } from '@rjsf/utils';
import { errorSentence } from '../error-messages';

/** The name a field's error message gives it: its UI title, its schema title, or its property name. */
function ownLabel(props: FieldErrorProps): string {
  const title = getUiOptions(props.uiSchema).title ?? props.schema.title;
  if (typeof title === 'string' && title) return title;
  const last = props.fieldPathId.path.at(-1);
  return typeof last === 'number' ? `Item ${last + 1}` : (last ?? '');
}

/**
 * rjsf `FieldErrorTemplate`: a field's messages under it (GOV.UK Design System "Error message"),
 * each naming the field and read after a visually hidden "Error:" ("Error: Invoice number is
 * required"), in the element `<id>__error` that the field's `aria-describedby` points at.
 */
export function FieldErrorTemplate(props: FieldErrorProps) {
  const { errors = [], fieldPathId } = props;
  const shown = errors.filter((error) => Boolean(error));
  if (shown.length === 0) return null;
  const label = ownLabel(props);
  return (
    <div id={errorId(fieldPathId)} className="error-detail">
      {shown.map((error, index) => (
        <p key={index} className="error-message text-danger">
          <span className="visually-hidden">Error: </span>
          {typeof error === 'string' ? errorSentence(label, error) : error}
        </p>
      ))}
    </div>
  );
}
