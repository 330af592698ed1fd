import { MACHINES } from '../../machines/registry';
import { Tabs } from '../../ui/layouts/Tabs';
import { PageHeader } from '../../ui/PageHeader';
import { MachinePanel } from './MachinePanel';
import { machineTitle } from './machineTitle';

// /admin/statecharts: every statechart the portal and the server run, drawn from the same definitions they
// use, with its transitions listed. Which transitions the model tests cover is in their report
// (`npm run test:model -- --report`); the portal does not know it.
export function TransitionExplorerScreen() {
  const tabs = Object.entries(MACHINES).map(([name, machine]) => ({
    id: name,
    label: machineTitle(name),
    content: <MachinePanel name={name} machine={machine} />,
  }));
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Transition Explorer"
        description={
          <>
            The {tabs.length} statecharts that decide what the portal and the server allow, drawn from their
            live definitions. Coverage by the model-based tests is in their report:{' '}
            <code className="font-mono text-xs">npm run test:model -- --report</code>.
          </>
        }
      />
      <Tabs label="Statecharts" tabs={tabs} />
    </div>
  );
}
