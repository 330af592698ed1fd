import { Link } from 'react-router-dom';
import { ENTITY_ACCESS } from '../../api/entityAccess';
import { PageHeader } from '../../ui/PageHeader';
import { useAccess } from '../../ui/useAccess';
import { EntitySearchTable } from './EntitySearchTable';

// /admin/entities: every entity the administrator may see.
export function EntitySearchScreen() {
  const { can } = useAccess();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Entities"
        description="Agencies, sub-agencies and referral partners in the hierarchy."
        actions={
          can(ENTITY_ACCESS.add) && (
            <Link
              to="/admin/entities/add"
              className="inline-flex items-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              Add entity
            </Link>
          )
        }
      />
      <EntitySearchTable caption="Entities" hrefOf={(id) => `/admin/entities/${id}`} />
    </div>
  );
}
