// How the role stream's event fields read in the history tab.
export const ROLE_HISTORY_LABELS: Readonly<Record<string, string>> = {
  id: 'Role id',
  roleName: 'Name',
  roleDesc: 'Description',
  privilegeCodes: 'Privileges',
  ownerEntityId: 'Owner (entity id)',
  added: 'Added',
  removed: 'Removed',
};
