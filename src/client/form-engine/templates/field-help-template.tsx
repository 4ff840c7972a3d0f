import { helpId, type FieldHelpProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import tippy, { type Instance } from 'tippy.js';
import 'tippy.js/dist/tippy.css';

/**
 * A field's help text (`ui:help`) as a tippy.js tooltip on a "?" button next to the field (shown
 * on hover and on keyboard focus), with the text kept in the page, visually hidden, for
 * `aria-describedby` (screen readers read it with the field). The tooltip is created on the
 * button's first hover, focus or click (and shown at once), so mounting a form builds none (issue 4).
 */
export function FieldHelpTemplate(props: FieldHelpProps) {
  const { fieldPathId, help } = props;
  const tip = useRef<Instance | null>(null);
  const text = typeof help === 'string' ? help : '';
  useEffect(
    () => () => {
      tip.current?.destroy();
      tip.current = null;
    },
    [text],
  );
  const create = (event: { currentTarget: HTMLButtonElement }) => {
    if (tip.current || !text) return;
    tip.current = tippy(event.currentTarget, { content: text, allowHTML: false, placement: 'right', trigger: 'mouseenter focus click', showOnCreate: true });
  };
  if (!help) return null;
  const id = helpId(fieldPathId);
  return (
    <div className="help-block help-block--tooltip">
      <button type="button" className="help-tip" aria-label="Help" aria-describedby={id} onMouseEnter={create} onFocus={create} onClick={create}>
        ?
      </button>
      <span id={id} className="visually-hidden">
        {help}
      </span>
    </div>
  );
}
