import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  label: string;
  tabs: readonly TabItem[];
}

// Record screens' tabs. The chosen tab is kept in the URL (?tab=locations) so a reload or a shared link opens it.
export function Tabs({ label, tabs }: TabsProps) {
  const [params, setParams] = useSearchParams();
  const index = Math.max(
    0,
    tabs.findIndex((t) => t.id === params.get('tab')),
  );
  return (
    <TabGroup
      selectedIndex={index}
      onChange={(next) =>
        setParams(
          (current) => {
            const updated = new URLSearchParams(current);
            if (next === 0) updated.delete('tab');
            else updated.set('tab', tabs[next]!.id);
            return updated;
          },
          { replace: true },
        )
      }
    >
      {/* Tabs wrap onto a second line on a narrow screen rather than hide past its edge. */}
      <TabList aria-label={label} className="flex flex-wrap gap-x-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            className="-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-400 data-[selected]:border-indigo-600 data-[selected]:text-indigo-700"
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-6">
        {tabs.map((tab) => (
          <TabPanel key={tab.id} unmount>
            {tab.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
