import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  /** The tablist's accessible name. */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's content. */
  children: ReactNode;
}

/**
 * A tablist and the selected tab's panel (Radix Tabs: the WAI-ARIA tabs pattern, one tab in the Tab
 * order, arrow keys, Home and End move to a tab and select it). Controlled: the owner keeps the
 * selected tab (in the address, in state) and renders only its content.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  return (
    <RadixTabs.Root className="tabs" value={selected} onValueChange={(value) => onSelect(value as K)} activationMode="automatic">
      <RadixTabs.List aria-label={label} className="tab-list">
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.key} value={tab.key} className="tab">
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={selected} className="tab-panel">
        {children}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
}
