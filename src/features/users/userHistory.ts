import type { RoleOption } from '../../api/schemas/roles';
import type { AccessibleEntity } from '../../api/schemas/session';

// How the user stream's event fields read in the history tab: names for ids, words for codes.
export const USER_HISTORY_LABELS: Readonly<Record<string, string>> = {
  id: 'User id',
  entityId: 'Entity',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  ext: 'Extension',
  userType: 'User type',
  roleIds: 'Roles',
  added: 'Added',
  removed: 'Removed',
  emailVerified: 'Email verified',
  invited: 'Invited by e-mail',
  reason: 'How',
};

const USER_TYPES: Record<string, string> = {
  admin: 'Administrator',
  internal: 'Internal',
  external: 'External',
};
const REASONS: Record<string, string> = {
  admin: 'Set by an administrator',
  change: 'Changed by the user',
  reset: 'Chosen through an e-mailed link',
};

export function userHistoryFormatter(roles: readonly RoleOption[], entities: readonly AccessibleEntity[]) {
  const roleName = (id: unknown) => roles.find((r) => r.id === id)?.role_name ?? `Role #${String(id)}`;
  return (field: string, value: unknown): string | undefined => {
    if (['roleIds', 'added', 'removed'].includes(field) && Array.isArray(value)) {
      return value.length ? value.map(roleName).join(', ') : '—';
    }
    if (field === 'entityId') {
      const entity = entities.find((e) => e.id === value);
      return entity ? `${entity.entityCode} — ${entity.entityName}` : `Entity #${String(value)}`;
    }
    if (field === 'userType' && typeof value === 'string') return USER_TYPES[value] ?? value;
    if (field === 'reason' && typeof value === 'string') return REASONS[value] ?? value;
    return undefined;
  };
}
