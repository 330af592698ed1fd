// Every privilege code of SPEC §6. A parent privilege grants all of its children ("admin_ent (all)").
export interface PrivilegeDefinition {
  code: string;
  parent: string | null;
  description: string;
  grantable: boolean;
}

const p = (code: string, description: string, parent: string | null = null, grantable = true) => ({
  code,
  parent,
  description,
  grantable,
});

export const PRIVILEGES: readonly PrivilegeDefinition[] = [
  p('root_admin', 'Root administrator: passes every check', null, false),
  p('admin', 'Administration (roles, reports)'),
  p('admin_ent', 'Entities administration (all)'),
  p('admin_ent_list', 'List and view entities', 'admin_ent'),
  p('admin_ent_add', 'Add entities', 'admin_ent'),
  p('admin_ent_edit', 'Edit entities', 'admin_ent'),
  p('admin_ent_delete', 'Deactivate entities', 'admin_ent'),
  p('admin_role', 'Roles administration (all)'),
  p('admin_role_list', 'List and view roles', 'admin_role'),
  p('admin_role_add', 'Add roles', 'admin_role'),
  p('admin_role_edit', 'Edit roles', 'admin_role'),
  p('admin_role_delete', 'Delete roles', 'admin_role'),
  p('admin_user', 'Users administration (all)'),
  p('admin_user_list', 'List and view users', 'admin_user'),
  p('admin_user_add', 'Add users', 'admin_user'),
  p('admin_user_edit', 'Edit users', 'admin_user'),
  p('admin_user_delete', 'Deactivate users', 'admin_user'),
  p('user_assign_passwd', 'Set user passwords manually'),
  p('acct_comm_pmnt_list', 'Commission payments screen'),
  p('ent_comm_review', 'Review (approve) commission statements'),
  p('ent_comm_unapprove', 'Unapprove commission statements'),
  p('ent_comm_download', 'Download commission statements'),
  p('ent_comm_list', 'Commission statements report'),
  p('verify_bank_account', 'Verify bank accounts for payouts'),
  p('entity_search', 'Search own entities'),
  p('entity_settings_view', 'View own entity settings'),
  p('entity_settings_edit', 'Edit own entity settings'),
  p('quote_policy', 'Search and edit pet policies'),
  p('quote', 'Quotes (all)'),
  p('quote_new', 'Create quotes', 'quote'),
  p('quote_set_track_info', 'Set quote tracking information', 'quote'),
  p('quote_search', 'Search quotes', 'quote'),
  p('quote_edit', 'Edit quotes', 'quote'),
  p('report', 'Reports (all)'),
  p('report_nwp', 'Net written premium report', 'report'),
  p('dashboard_report', 'Entity dashboard (with agent dashboard access)'),
  p('renters_qt_create', 'Create renters quotes'),
  p('renters_policy_srch', 'Search renters policies'),
  p('renters_policy_ax', 'Edit renters policies'),
  p('renters_phone_edit', 'Edit renters primary contact'),
  p('renters_mailing_edit', 'Edit renters mailing address'),
  p('renters_proprty_edit', 'Edit renters property address'),
  p('renters_intparty_add', 'Add renters interested party'),
  p('renters_addl_ins_add', 'Add renters additional insureds'),
  p('renters_update_pmnt', 'Update renters payment method'),
  p('renters_plcy_rewrite', 'Rewrite renters policies'),
  // Not in SPEC §6: replaying recorded portal sessions for support, users of the root entity only
  // (docs/session-recording.md). Root administrators pass it through root_admin.
  p('session_recording_view', 'Replay recorded portal sessions (support)'),
];

export type PrivilegeCode = (typeof PRIVILEGES)[number]['code'];

// Expands assigned codes with every descendant, so checks compare against effective privileges only.
export function effectivePrivileges(assigned: Iterable<string>): string[] {
  const result = new Set<string>();
  const visit = (code: string) => {
    if (result.has(code)) return;
    result.add(code);
    for (const child of PRIVILEGES) if (child.parent === code) visit(child.code);
  };
  for (const code of assigned) visit(code);
  return [...result].sort();
}
