import { PageHeader } from '../../ui/PageHeader';
import { EntitySearchTable } from './EntitySearchTable';

// /my/entities: the agency user's own entity and the ones under it (the server keeps to that subtree).
export function MyEntitiesScreen() {
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Your entities"
        description="Your agency and the agencies under it. Open one to see its settings."
      />
      <EntitySearchTable caption="Your entities" table="my-entities" hrefOf={(id) => `/my/entities/${id}`} />
    </div>
  );
}
