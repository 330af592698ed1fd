import { describe, expect, it } from 'vitest';
import {
  agentOnly,
  allOf,
  anyOf,
  authenticated,
  dashboardAccess,
  isAllowed,
  publicRoute,
  type AccessSubject,
} from '../../src/api/access';
import { PRIVILEGES, effectivePrivileges } from '../../src/api/privilegeCatalogue';

const subject = (privilegeCodes: string[], extra: Partial<AccessSubject> = {}): AccessSubject => ({
  privilegeCodes: effectivePrivileges(privilegeCodes),
  isAdmin: false,
  isInternalAgent: false,
  actingEntityAttributes: [],
  ...extra,
});

describe('privilege catalogue', () => {
  it('holds every privilege code of SPEC §6 once, with known parents', () => {
    const codes = PRIVILEGES.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const p of PRIVILEGES) if (p.parent) expect(codes).toContain(p.parent);
    for (const code of [
      'root_admin',
      'admin_ent_list',
      'user_assign_passwd',
      'acct_comm_pmnt_list',
      'ent_comm_unapprove',
      'verify_bank_account',
      'entity_settings_edit',
      'quote_set_track_info',
      'report_nwp',
      'dashboard_report',
      'renters_proprty_edit',
      'renters_plcy_rewrite',
    ]) {
      expect(codes).toContain(code);
    }
  });

  it('expands a parent to all of its children and nothing else', () => {
    expect(effectivePrivileges(['admin_ent'])).toEqual([
      'admin_ent',
      'admin_ent_add',
      'admin_ent_delete',
      'admin_ent_edit',
      'admin_ent_list',
    ]);
    expect(effectivePrivileges(['quote_new'])).toEqual(['quote_new']);
    expect(effectivePrivileges(['report'])).toEqual(['report', 'report_nwp']);
  });
});

describe('access checks', () => {
  it('lets anyone through a public check and any user through an authenticated one', () => {
    expect(isAllowed(publicRoute, null)).toBe(true);
    expect(isAllowed(authenticated, null)).toBe(false);
    expect(isAllowed(authenticated, subject([]))).toBe(true);
  });

  it('needs one privilege of a set, and root_admin passes every check', () => {
    const check = anyOf('admin', 'admin_role_list');
    expect(isAllowed(check, subject(['admin_role_list']))).toBe(true);
    expect(isAllowed(check, subject(['admin_role']))).toBe(true);
    expect(isAllowed(check, subject(['quote']))).toBe(false);
    expect(isAllowed(check, subject(['root_admin']))).toBe(true);
    expect(
      isAllowed(allOf(anyOf('ent_comm_list'), anyOf('admin', 'report')), subject(['ent_comm_list'])),
    ).toBe(false);
    expect(
      isAllowed(
        allOf(anyOf('ent_comm_list'), anyOf('admin', 'report')),
        subject(['ent_comm_list', 'report']),
      ),
    ).toBe(true);
  });

  it('opens the dashboard to root admins, or dashboard_report with attribute 28 = 1 on the acting entity', () => {
    const attr = (value: string) => ({ actingEntityAttributes: [{ attributeId: 28, value }] });
    expect(isAllowed(dashboardAccess, subject(['root_admin']))).toBe(true);
    expect(isAllowed(dashboardAccess, subject(['dashboard_report']))).toBe(false);
    expect(isAllowed(dashboardAccess, subject(['dashboard_report'], attr('0')))).toBe(false);
    expect(isAllowed(dashboardAccess, subject(['dashboard_report'], attr('1')))).toBe(true);
    expect(isAllowed(dashboardAccess, subject([], attr('1')))).toBe(false);
  });

  it('keeps agent-only areas from admins and internal agents', () => {
    const check = agentOnly(anyOf('entity_search'));
    expect(isAllowed(check, subject(['entity_search']))).toBe(true);
    expect(isAllowed(check, subject(['entity_search'], { isAdmin: true }))).toBe(false);
    expect(isAllowed(check, subject(['entity_search'], { isInternalAgent: true }))).toBe(false);
    expect(isAllowed(check, subject(['root_admin']))).toBe(false);
  });
});
