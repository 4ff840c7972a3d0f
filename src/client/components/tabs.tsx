/** Moved to the design system: components/ui (this path stays for older imports). */
export { TabList, tabPanelProps, type TabItem } from './ui/tabs';
