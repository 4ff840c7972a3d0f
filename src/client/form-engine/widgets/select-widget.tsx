import {
  ariaDescribedByIds,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  type EnumOptionsType,
  type WidgetProps,
} from '@rjsf/utils';
import type Choices from 'choices.js';
import { useEffect, useRef } from 'react';
import 'choices.js/public/assets/styles/choices.min.css';
import { labelId } from '../templates/field-template';
import { useRemoteOptions } from './remote-options';
import { chosenValues } from './select-options';

/** Select dropdown maximum height in px; the CSS in rich-text/rich-text.css uses it. */
export const SELECT_MAX_HEIGHT_PX = 350;
/** Choices.js slows down with thousands of options: cap what it renders. */
const RENDER_LIMIT = 200;
const SEARCH_LIMIT = 50;

type Props = WidgetProps & { multiple?: boolean };

/**
 * Puts the options into `select`: all of them, or (`onlyChosen`, at mount) only the placeholder and
 * the options `chosen` holds, which is all an untouched select shows; the rest are added on its first
 * focus or press, before anything else can read or change it. What is selected at that moment is kept.
 */
function fillOptions(
  select: HTMLSelectElement,
  props: Props,
  enumOptions: EnumOptionsType[],
  format: ReturnType<typeof getOptionValueFormat>,
  chosen: Set<string>,
  onlyChosen: boolean,
): void {
  select.length = 0;
  if (!props.multiple && props.schema.default === undefined) select.add(new Option(props.placeholder || 'Choose…', ''));
  enumOptions.forEach(({ value, label }, index) => {
    const encoded = enumOptionValueEncoder(value, index, format);
    const isChosen = chosen.has(encoded);
    if (onlyChosen && !isChosen) return;
    select.add(new Option(label, encoded, false, isChosen));
  });
  // a single select with neither placeholder nor value shows its first option, as it would with all of them
  const first = enumOptions[0];
  if (onlyChosen && !props.multiple && select.length === 0 && first)
    select.add(new Option(first.label, enumOptionValueEncoder(first.value, 0, format)));
}

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
  fillOptions(select, props, enumOptions, format, chosenValues(props, enumOptions, format), true);
  return select;
}

/** The id of the listbox of the select `id` (choices.js's list of options). */
function listboxId(id: string): string {
  return `${id}__listbox`;
}

/**
 * Empties the search box whenever the list closes, and keeps what is typed while it closes.
 *
 * choices.js empties its search box only when a new option is picked: what was typed before
 * Escape, a Tab away, or a pick of the option already chosen would begin the next search.
 *
 * It also hides the list one animation frame after a pick (or a Tab or Escape out of it), and until
 * that frame its list still counts as open, so it ignores the letters typed on its box: a person
 * who picks, leaves with Tab, comes back with Shift+Tab and types before the next frame (a slow
 * device, a busy page) lost those letters, and the list stayed shut. Letters typed on the box (not
 * in the search input) while the list still counts as open are kept, and typed into the search box
 * when it has closed, which opens it again on them. Leaving the box forgets them
 * (docs/behaviour.md "Keyboard: grids, tabs and selects").
 */
function keepKeysTypedWhileClosing(built: Choices, select: HTMLSelectElement): void {
  const outer = built.containerOuter.element;
  const search = built.input.element;
  let typed = '';
  outer.addEventListener(
    'keydown',
    (event) => {
      if (!built.dropdown.isActive || document.activeElement === search) return;
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      typed += event.key;
      if (event.key === ' ') event.preventDefault();
    },
    true,
  );
  outer.addEventListener('focusout', (event) => {
    if (!(event.relatedTarget instanceof Node && outer.contains(event.relatedTarget))) typed = '';
  });
  let isReopening = false;
  select.addEventListener('hideDropdown', () => {
    built.clearInput();
    if (!typed || isReopening) return;
    // A pick asks for the hide twice (its own, and the blur of the search input it moves the focus
    // from): both run in this frame, so the list opens again in the next one.
    isReopening = true;
    requestAnimationFrame(() => {
      isReopening = false;
      const text = typed;
      typed = '';
      if (!text) return;
      built.showDropdown();
      // what was typed since the list closed is already in the search box: it came after
      search.value = text + search.value;
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
  });
}

/**
 * Makes the combobox choices.js built on `select` follow the ARIA 1.2 combobox pattern
 * (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/): the box that takes the focus (role
 * `combobox`) and its search input (the combobox while the list is open) are named by the field's
 * label, described like the select (error, description, help), invalid and required like it, and
 * control the listbox (`aria-controls`); the dropdown wrapper, which has no role, loses the
 * `aria-expanded` choices.js puts on it (ARIA allows it on no generic element), and the search
 * input's `aria-expanded` follows the list instead.
 *
 * choices.js hides the list one animation frame after a choice is made (the focus back on the box,
 * or in a multi-select's input): a Tab pressed in that frame moved into the list, to a single
 * select's search input or to the list itself (Chrome makes a scrolling box a Tab stop), just
 * before it was hidden, and the focus fell to `<body>`. The box (a multi-select's input) is the
 * Tab stop; the list and a single select's search input are taken out of the Tab order (the
 * arrow keys move through the options, with the focus where it is).
 */
function labelCombobox(built: Choices, select: HTMLSelectElement, fieldId: string): void {
  const listbox = built.choiceList.element;
  listbox.id = listboxId(fieldId);
  const hasLabel = document.getElementById(labelId(fieldId)) !== null;
  const search = built.input.element;
  search.setAttribute('role', 'combobox');
  search.removeAttribute('aria-label');
  listbox.tabIndex = -1;
  if (!select.multiple) search.tabIndex = -1;
  for (const element of [built.containerOuter.element, search]) {
    element.setAttribute('aria-controls', listbox.id);
    if (hasLabel) element.setAttribute('aria-labelledby', labelId(fieldId));
    for (const name of ['aria-describedby', 'aria-invalid', 'aria-required'] as const) {
      const value = name === 'aria-required' ? (select.required ? 'true' : null) : select.getAttribute(name);
      if (value) element.setAttribute(name, value);
    }
  }
  const dropdown = built.dropdown;
  const sync = () => {
    dropdown.element.removeAttribute('aria-expanded');
    search.setAttribute('aria-expanded', String(dropdown.isActive));
  };
  const show = dropdown.show.bind(dropdown);
  const hide = dropdown.hide.bind(dropdown);
  dropdown.show = () => {
    show();
    sync();
    return dropdown;
  };
  dropdown.hide = () => {
    hide();
    sync();
    return dropdown;
  };
  sync();
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
 * search, at most 350 px high, empty reported as `undefined` (or `[]` for multiple).
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
    let isCancelled = false;
    void loadChoices();
    const enumOptions = optionsRef.current;
    // A plain <select> holding only the current value is all a mount costs; its other options are
    // added and choices.js is built on the first focus or mouse press (building it for every select made the form's mount
    // ~10× slower than stock rjsf).
    const select = buildSelect(latest.current, enumOptions, format);
    select.dataset.choices = 'lazy';
    host.append(select);
    const report = () => {
      const values = [...select.selectedOptions].map((option) => option.value).filter((value) => value !== '');
      const { onChange, options } = latest.current;
      const raw = multiple ? values : (values[0] ?? '');
      const decoded: unknown = enumOptionValueDecoder(raw, enumOptions, format, options.emptyValue);
      onChange(decoded === '' || (Array.isArray(decoded) && decoded.length === 0 && !multiple) ? undefined : decoded);
    };
    const onSearch = (event: Event) => remote.search((event as CustomEvent<{ value: string }>).detail.value);
    select.addEventListener('change', report);
    select.addEventListener('search', onSearch);
    let choices: Choices | undefined;
    /**
     * Builds choices.js on the select. After a focus (Tab), focus moves to where choices.js keeps
     * it (its box, or the search input of a multi-select), which opens the list and searches from
     * the first key typed, so no keystroke is lost. After a mouse press, the list opens with focus
     * in its search box, and the click that ends the press is kept from choices.js, whose click
     * handler would close the list again.
     */
    const upgrade = (Choices: ChoicesClass, byMouse: boolean) => {
      if (choices || isCancelled) return;
      removeTriggers();
      delete select.dataset.choices;
      const built = new Choices(select, {
        allowHTML: false,
        searchEnabled: true,
        shouldSort: false,
        itemSelectText: '',
        removeItemButton: Boolean(multiple),
        searchResultLimit: SEARCH_LIMIT,
        renderChoiceLimit: RENDER_LIMIT,
        searchPlaceholderValue: 'Type to search',
        labelId: document.getElementById(labelId(select.id)) ? labelId(select.id) : '',
      });
      labelCombobox(built, select, select.id);
      keepKeysTypedWhileClosing(built, select);
      choices = built;
      if (!byMouse) {
        (multiple ? built.input.element : built.containerOuter.element).focus();
        return;
      }
      const outer = built.containerOuter.element;
      const swallow = (event: MouseEvent) => {
        if (
          event.target instanceof Node &&
          outer.contains(event.target) &&
          !built.dropdown.element.contains(event.target)
        )
          event.stopPropagation();
      };
      window.addEventListener('click', swallow, { capture: true, once: true });
      // a press whose click never came (the pointer left): the next press ends the watch
      window.addEventListener('mousedown', () => window.removeEventListener('click', swallow, { capture: true }), {
        capture: true,
        once: true,
      });
      built.showDropdown();
    };
    let isFilled = false;
    const trigger = (event: Event) => {
      const byMouse = event.type === 'mousedown';
      if (!isFilled) {
        isFilled = true;
        const chosen = new Set([...select.selectedOptions].map((option) => option.value));
        fillOptions(select, latest.current, enumOptions, format, chosen, false);
      }
      // the native list must not open under choices.js's own
      if (byMouse) event.preventDefault();
      if (choicesClass) upgrade(choicesClass, byMouse);
      else void loadChoices().then((Choices) => upgrade(Choices, byMouse));
    };
    const triggers = ['focus', 'mousedown'] as const;
    const removeTriggers = () => triggers.forEach((type) => select.removeEventListener(type, trigger));
    triggers.forEach((type) => select.addEventListener(type, trigger));
    return () => {
      isCancelled = true;
      removeTriggers();
      select.removeEventListener('change', report);
      select.removeEventListener('search', onSearch);
      choices?.destroy();
      host.replaceChildren();
    };
    // rebuilt only when the option list's content changes (rjsf hands a new array each render); the
    // value is read once per build: afterwards the select (and choices.js) holds what the person changes
  }, [id, multiple, disabled, readonly, optionsKey, format, remote.search]);
  // the field's errors come and go after the build: the combobox (and its search input) follow them
  const isInvalid = Boolean(props.rawErrors?.length);
  useEffect(() => {
    for (const element of container.current?.querySelectorAll('.choices, .choices__input--cloned') ?? []) {
      if (isInvalid) element.setAttribute('aria-invalid', 'true');
      else element.removeAttribute('aria-invalid');
    }
  }, [isInvalid]);
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
