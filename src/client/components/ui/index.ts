/**
 * The design system of the portal's client (docs/ui.md): controls in one look, with their states
 * (hover, focus-visible, disabled, invalid) and 24 px targets. Its stylesheet, ui.css, holds the
 * design tokens (CSS custom properties) and is loaded by main.tsx.
 */
export { Badge, StatusBadge, statusTone, type BadgeTone } from './badge';
export { Button, ButtonLink, buttonClassName, type ButtonSize, type ButtonVariant } from './button';
export { Checkbox } from './checkbox';
export { cx } from './class-names';
export { describedBy, Field, fieldErrorId, fieldHintId } from './field';
export * from './icons';
export { Panel } from './panel';
export { Select } from './select';
export { Table } from './table';
export { TabList, tabPanelProps, type TabItem } from './tabs';
export { DateInput, SearchInput, Textarea, TextInput } from './text-input';
