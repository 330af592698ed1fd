import { ENTITY_ACCESS } from '../../api/entityAccess';
import { ButtonLink } from '../../ui/forms/ButtonLink';
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
        actions={can(ENTITY_ACCESS.add) && <ButtonLink to="/admin/entities/add">Add entity</ButtonLink>}
      />
      <EntitySearchTable caption="Entities" table="entities" hrefOf={(id) => `/admin/entities/${id}`} />
    </div>
  );
}
