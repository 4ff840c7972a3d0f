import { getUiOptions, helpId, type FieldHelpProps } from '@rjsf/utils';
import { useEffect, useRef } from 'react';
import type { Instance } from 'tippy.js';
import { loadedWidgetModule, loadWidgetModules } from '../widgets/widget-modules';

/**
 * A field's help text (`ui:help`) as a tippy.js tooltip on a "?" button next to the field (shown
 * on hover and on keyboard focus, hidden by Escape), named "Help: <field title>", with the text kept in the page, visually hidden, for
 * `aria-describedby` (screen readers read it with the field). The tooltip is created on the
 * button's first hover, focus or click (and shown at once), so mounting a form builds none. tippy.js
 * comes in its own chunk (templates/help-tooltip.ts), loaded with the form when its UI schema has
 * help texts; a hover that comes first waits for it.
 */
export function FieldHelpTemplate(props: FieldHelpProps) {
  const { fieldPathId, help } = props;
  // the tooltip's hooks live in HelpTip, so a field without help costs no effect at mount
  if (!help) return null;
  const title = getUiOptions(props.uiSchema).title ?? props.schema.title;
  return <HelpTip id={helpId(fieldPathId)} help={help} fieldTitle={typeof title === 'string' ? title : ''} />;
}

function HelpTip({ id, help, fieldTitle }: { id: string; help: FieldHelpProps['help']; fieldTitle: string }) {
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
    const button = event.currentTarget;
    if (tip.current || !text) return;
    const module = loadedWidgetModule('helpTooltip');
    if (module) {
      tip.current = module.createHelpTooltip(button, text);
      return;
    }
    loadWidgetModules(['helpTooltip']).then(
      () => {
        const loaded = loadedWidgetModule('helpTooltip');
        if (loaded && !tip.current && button.isConnected) tip.current = loaded.createHelpTooltip(button, text);
      },
      () => undefined,
    );
  };
  return (
    <div className="help-block help-block--tooltip">
      <button type="button" className="help-tip" aria-label={fieldTitle ? `Help: ${fieldTitle}` : 'Help'} aria-describedby={id} onMouseEnter={create} onFocus={create} onClick={create}>
        ?
      </button>
      <span id={id} className="visually-hidden">
        {help}
      </span>
    </div>
  );
}
