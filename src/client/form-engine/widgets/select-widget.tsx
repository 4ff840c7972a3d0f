import {
  ariaDescribedByIds,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  type EnumOptionsType,
  type WidgetProps,
} from '@rjsf/utils';
import type Choices from 'choices.js';
import { useEffect, useRef } from 'react';
import 'choices.js/public/assets/styles/choices.min.css';
import { useRemoteOptions } from './remote-options';

/** Select dropdown maximum height in px (spec §9); the CSS in rich-text/rich-text.css uses it. */
export const SELECT_MAX_HEIGHT_PX = 350;
/** Choices.js slows with thousands of options (engineering notes): cap what it renders. */
const RENDER_LIMIT = 200;
const SEARCH_LIMIT = 50;

type Props = WidgetProps & { multiple?: boolean };

function buildSelect(
  props: Props,
  enumOptions: EnumOptionsType[],
  format: ReturnType<typeof getOptionValueFormat>,
): HTMLSelectElement {
  const select = document.createElement('select');
  select.id = props.id;
  select.name = props.htmlName || props.id;
  select.multiple = Boolean(props.multiple);
  select.disabled = Boolean(props.disabled || props.readonly);
  select.className = 'form-control';
  select.setAttribute('aria-describedby', ariaDescribedByIds(props.id));
  if (props.required) select.required = true;
  if (!props.multiple && props.schema.default === undefined) select.add(new Option(props.placeholder || 'Choose…', ''));
  const selected: unknown = enumOptionSelectedValue(
    props.value,
    enumOptions,
    Boolean(props.multiple),
    format,
    props.multiple ? [] : '',
  );
  const chosen = new Set(
    (Array.isArray(selected) ? selected : [selected]).map((item) => (typeof item === 'string' ? item : '')),
  );
  enumOptions.forEach(({ value, label }, index) => {
    const encoded = enumOptionValueEncoder(value, index, format);
    select.add(new Option(label, encoded, false, chosen.has(encoded)));
  });
  return select;
}

type ChoicesClass = typeof Choices;
let choicesClass: ChoicesClass | undefined;

/**
 * choices.js touches `document` as its module loads, so it is imported on first use in the
 * browser (it sits in the form-engine chunk either way) and the form still renders on the server
 * and in unit tests.
 */
async function loadChoices(): Promise<ChoicesClass> {
  choicesClass ??= (await import('choices.js')).default;
  return choicesClass;
}

/**
 * Replaces rjsf's `SelectWidget` (enums and multi-select arrays): a choices.js dropdown with
 * search, at most 350 px high (spec §9), empty reported as `undefined` (or `[]` for multiple).
 * `ui:options.optionsFrom` (alias `optionsSource`) `users` or `roleGroups` loads the options from
 * `GET /api/users?q=` or `GET /api/role-groups`; a missing API shows a message instead of options.
 */
export function SelectWidget(props: Props) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const remote = useRemoteOptions(props.options);
  const enumOptions = remote.options ?? props.options.enumOptions ?? [];
  const format = getOptionValueFormat(props.options);
  const optionsKey = JSON.stringify(enumOptions.map(({ value, label }): unknown[] => [value, label]));
  const optionsRef = useRef(enumOptions);
  optionsRef.current = enumOptions;
  const { id, multiple, disabled, readonly } = props;
  useEffect(() => {
    const host = container.current;
    if (!host) return undefined;
    let cleanup: (() => void) | undefined;
    let isCancelled = false;
    const mount = (Choices: ChoicesClass) => {
      const enumOptions = optionsRef.current;
      const select = buildSelect(latest.current, enumOptions, format);
      host.append(select);
      const choices = new Choices(select, {
        allowHTML: false,
        searchEnabled: true,
        shouldSort: false,
        itemSelectText: '',
        removeItemButton: Boolean(multiple),
        searchResultLimit: SEARCH_LIMIT,
        renderChoiceLimit: RENDER_LIMIT,
        searchPlaceholderValue: 'Type to search',
      });
      const report = () => {
        const values = [...select.selectedOptions].map((option) => option.value).filter((value) => value !== '');
        const { onChange, options } = latest.current;
        const raw = multiple ? values : (values[0] ?? '');
        const decoded: unknown = enumOptionValueDecoder(raw, enumOptions, format, options.emptyValue);
        onChange(decoded === '' || (Array.isArray(decoded) && decoded.length === 0 && !multiple) ? undefined : decoded);
      };
      select.addEventListener('change', report);
      select.addEventListener('search', (event) =>
        remote.search((event as CustomEvent<{ value: string }>).detail.value),
      );
      return () => {
        select.removeEventListener('change', report);
        choices.destroy();
        host.replaceChildren();
      };
    };
    if (choicesClass) cleanup = mount(choicesClass);
    else
      void loadChoices().then((Choices) => {
        if (!isCancelled) cleanup = mount(Choices);
      });
    return () => {
      isCancelled = true;
      cleanup?.();
    };
    // rebuilt only when the option list's content changes (rjsf hands a new array each render); the
    // value is read once per build: afterwards choices.js holds the state the person changes
  }, [id, multiple, disabled, readonly, optionsKey, format, remote.search]);
  return (
    <div className="portal-select">
      <div ref={container} />
      {remote.problem && (
        <p className="portal-select__problem" role="alert">
          {remote.problem}
        </p>
      )}
    </div>
  );
}
