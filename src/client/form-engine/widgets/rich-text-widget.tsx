import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { serialiseRichText } from '../../../shared/rich-text';
import { storedValueToDocument } from './rich-text/html-import';
import { RichTextView } from './rich-text/rich-text-elements';
import { RichTextEditor } from './rich-text/rich-text-editor';

/**
 * `"ui:widget": "richText"`: a slate editor (spec §5 rules, src/shared/rich-text.ts) reporting
 * the serialised document as a string, or `undefined` when empty. Read-only forms (detail pages)
 * render the stored value without an editor. Options: `ui:placeholder`.
 */
export function RichTextWidget(props: WidgetProps) {
  const { id, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus } = props;
  // slate reads `initialValue` once, on mount; later values come from the editor itself
  const [initial] = useState(() => storedValueToDocument(props.value));
  if (readonly || disabled) return <RichTextView id={id} doc={storedValueToDocument(props.value)} />;
  return (
    <RichTextEditor
      id={id}
      initialDoc={initial}
      onChange={(doc) => onChange(serialiseRichText(doc))}
      label={props.label}
      placeholder={placeholder}
      autoFocus={autofocus}
      isRequired={props.required}
      describedBy={`${id}__description ${id}__error ${id}__help`}
      onBlur={() => onBlur(id, props.value)}
      onFocus={() => onFocus(id, props.value)}
    />
  );
}
