/**
 * Arco Tabs used as a switch with titles only (no panes): Arco renders the tabs without a `tablist` around them and
 * points each tab's `aria-controls` at a pane it never renders. This wrapper names the header a tablist and drops the
 * dangling references, so a screen reader hears a proper tab list.
 */
import { Tabs, type TabsProps } from '@arco-design/web-react';
import { setAttributeOnce, useDomFix } from './use-dom-fix';

export interface HeaderTabsProps extends TabsProps {
  /** What the tabs choose, read out with the tab list (e.g. 任务类型). */
  label: string;
}

export function HeaderTabs({ label, ...props }: HeaderTabsProps) {
  const ref = useDomFix<HTMLDivElement>(
    (root) => {
      const header = root.querySelector('.arco-tabs-header');
      setAttributeOnce(header, 'role', 'tablist');
      setAttributeOnce(header, 'aria-label', label);
      for (const tab of root.querySelectorAll('[role="tab"][aria-controls]')) {
        if (!document.getElementById(tab.getAttribute('aria-controls') ?? '')) tab.removeAttribute('aria-controls');
      }
    },
    [label],
  );
  // `display: contents`: the wrapper only gives the fix a root; the layout sees Arco's Tabs alone.
  return (
    <div ref={ref} style={{ display: 'contents' }}>
      <Tabs {...props} />
    </div>
  );
}

HeaderTabs.TabPane = Tabs.TabPane;
