import { getDefaultRegistry } from '@rjsf/core';
import type { WidgetProps } from '@rjsf/utils';

const { TextareaWidget } = getDefaultRegistry().widgets;

/** Rows shown when the UI schema does not set `ui:options.rows`. */
const DEFAULT_ROWS = 6;

/**
 * Stand-in for the rich-text widget (`"ui:widget": "richText"`): rjsf's own textarea with six
 * rows by default. The form-engine issue (issue 4) replaces it with a slate editor under the
 * same registry key, so schemas need no change.
 */
export function RichTextWidget(props: WidgetProps) {
  if (!TextareaWidget) return null;
  const options = { rows: DEFAULT_ROWS, ...props.options };
  return <TextareaWidget {...props} options={options} />;
}
