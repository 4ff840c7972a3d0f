import { helpId, type FieldHelpProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import tippy from 'tippy.js';
import 'tippy.js/dist/tippy.css';

/**
 * A field's help text (`ui:help`) as a tippy.js tooltip on a "?" button next to the field (shown
 * on hover and on keyboard focus), with the text kept in the page, visually hidden, for
 * `aria-describedby` (screen readers read it with the field).
 */
export function FieldHelpTemplate(props: FieldHelpProps) {
  const { fieldPathId, help } = props;
  const button = useRef<HTMLButtonElement>(null);
  const text = typeof help === 'string' ? help : '';
  useEffect(() => {
    if (!button.current || !text) return undefined;
    const instance = tippy(button.current, { content: text, allowHTML: false, placement: 'right', trigger: 'mouseenter focus click' });
    return () => instance.destroy();
  }, [text]);
  if (!help) return null;
  const id = helpId(fieldPathId);
  return (
    <div className="help-block help-block--tooltip">
      <button ref={button} type="button" className="help-tip" aria-label="Help" aria-describedby={id}>
        ?
      </button>
      <span id={id} className="visually-hidden">
        {help}
      </span>
    </div>
  );
}
