import { anyOf, authenticated } from './access';

// The checks of the entity area (SPEC §6), shared by the server's routes and the portal's buttons.
// Entity administrators hold admin_ent_*; agency users reach their own entities with entity_search and
// their settings with entity_settings_view / entity_settings_edit. External users of either kind stay
// inside their own entity subtree; records outside it answer 404.
export const ENTITY_ACCESS = {
  search: anyOf('admin_ent_list', 'entity_search'),
  view: anyOf('admin_ent_list', 'entity_search'),
  // One entity's record: as view, or the acting entity alone for whoever may read its settings (the menu's
  // Entity Settings opens the acting agency, SPEC §2, with entity_settings_view).
  viewActing: anyOf('admin_ent_list', 'entity_search', 'entity_settings_view'),
  add: anyOf('admin_ent_add'),
  edit: anyOf('admin_ent_edit'),
  deactivate: anyOf('admin_ent_delete'),
  // History, underwriting questions, quote sources and discount states are back-office matters.
  adminView: anyOf('admin_ent_list'),
  settingsView: anyOf('admin_ent_list', 'entity_settings_view'),
  settingsEdit: anyOf('admin_ent_edit', 'entity_settings_edit'),
  // Settings beyond the agency's own: internal ones (not exposed) are seen, read-only ones changed, only by
  // entity administrators.
  internalSettings: anyOf('admin_ent_list'),
  readonlySettings: anyOf('admin_ent_edit'),
  // Reference lists and pickers; entity pickers answer only entities in the caller's scope.
  lookups: authenticated,
  // Staff names: for whoever assigns account managers or filters statements by them.
  accountManagers: anyOf(
    'admin_ent_list',
    'admin_ent_add',
    'admin_ent_edit',
    'acct_comm_pmnt_list',
    'ent_comm_review',
    'ent_comm_list',
  ),
} as const;
