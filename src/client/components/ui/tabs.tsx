/**
 * Tabs as the WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/), with
 * automatic activation: a tab list is one Tab stop (the selected tab); Left/Right move to the
 * previous/next tab (wrapping), Home/End to the first/last, and the tab moved to is selected at
 * once, its panel shown. Panels are named by their tab and take the focus themselves (Tab from the
 * selected tab goes into its panel). docs/behaviour.md "Keyboard: grids, tabs and selects".
 */
import { useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem<K extends string> = { key: K; label: ReactNode };

const tabId = (idBase: string, key: string) => `${idBase}-tab-${key}`;
const panelId = (idBase: string, key: string) => `${idBase}-panel-${key}`;

/** Props of the `tabpanel` element of the tab `key` (name, id, `hidden` unless `selected`, focusable). */
export function tabPanelProps(idBase: string, key: string, selected: string) {
  return {
    role: 'tabpanel',
    id: panelId(idBase, key),
    'aria-labelledby': tabId(idBase, key),
    hidden: key !== selected,
    tabIndex: 0,
  } as const;
}

/**
 * The `tablist` of `tabs`, named `label`; `selected` is the key of the selected tab, `onSelect`
 * gets the key a click or a key selects. Ids are `<idBase>-tab-<key>`, and the panels'
 * (see {@link tabPanelProps}) `<idBase>-panel-<key>`.
 */
export function TabList<K extends string>({
  label,
  idBase,
  tabs,
  selected,
  onSelect,
  className,
  style,
}: {
  label: string;
  idBase: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  className?: string;
  style?: CSSProperties;
}) {
  const list = useRef<HTMLDivElement>(null);
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const index = tabs.findIndex((tab) => tab.key === selected);
    const last = tabs.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? index >= last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index <= 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const tab = to === undefined ? undefined : tabs[to];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.key);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idBase, tab.key))}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label} className={className} style={style} onKeyDown={handleKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.key === selected;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(idBase, tab.key)}
            aria-selected={isSelected}
            aria-controls={panelId(idBase, tab.key)}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
