import { describe, expect, it } from 'vitest';
import { portalRoute } from '../../src/api/portalRoutes';
import { PRIVILEGES } from '../../src/api/privilegeCatalogue';
import { visibleMenu } from '../../src/api/visibleMenu';
import { UserCreateRequest } from '../../src/api/schemas/users';
import { isAllowed } from '../../src/api/access';
import {
  buildPrivilegeTree,
  canToggle,
  toggleCode,
  type PrivilegeNode,
} from '../../src/features/roles/privilegeTree';
import { formatPhone } from '../../src/ui/format';
import {
  grantErrors,
  holdsAll,
  revokeErrors,
  setChanges,
} from '../../src/server/domain/roles/privilegeGrants';
import {
  roleAssignmentErrors,
  unknownRoleErrors,
  userTypeFor,
} from '../../src/server/domain/users/userRules';

// The pure rules of roles, users and own settings: who may grant what, user types, the privilege tree, the
// own-settings route and menu item.
const subject = (
  privilegeCodes: string[],
  extra: Partial<{ isAdmin: boolean; isInternalAgent: boolean }> = {},
) => ({
  privilegeCodes,
  isAdmin: false,
  isInternalAgent: false,
  actingEntityAttributes: [],
  ...extra,
});

describe('granting privileges', () => {
  const manager = { isRoot: false, privilegeCodes: ['admin_role', 'admin_role_list', 'quote', 'quote_new'] };
  const root = { isRoot: true, privilegeCodes: ['root_admin'] };

  it('allows held, grantable privileges and names each refused one', () => {
    expect(grantErrors(manager, ['quote', 'quote_new', 'admin_role_list'])).toEqual([]);
    expect(grantErrors(manager, ['report', 'root_admin', 'nope'])).toEqual([
      'You cannot grant report: you do not hold it yourself.',
      'The privilege root_admin cannot be granted.',
      'The privilege nope does not exist.',
    ]);
  });

  it('lets root grant every grantable privilege and nothing that is not', () => {
    const grantable = PRIVILEGES.filter((p) => p.grantable).map((p) => p.code);
    expect(grantErrors(root, grantable)).toEqual([]);
    expect(grantErrors(root, ['root_admin'])).toHaveLength(1);
    expect(holdsAll(root, ['anything'])).toBe(true);
  });

  it('never revokes what can never be granted again', () => {
    expect(revokeErrors(['quote', 'root_admin'])).toEqual(['The privilege root_admin cannot be revoked.']);
  });

  it('tells what a new set adds and removes', () => {
    expect(setChanges(['a', 'b'], ['b', 'c'])).toEqual({ added: ['c'], removed: ['a'] });
    expect(setChanges([1, 2], [2, 1])).toEqual({ added: [], removed: [] });
  });
});

describe('assigning roles and user types', () => {
  const grantor = { isRoot: false, privilegeCodes: ['quote', 'quote_new', 'quote_search'] };
  const role = (id: number, role_name: string, priv_codes: string[]) => ({
    id,
    role_name,
    role_desc: '',
    priv_codes,
  });

  it('refuses roles with privileges the grantor lacks, and unknown ids', () => {
    const roles = [role(1, 'Quoting', ['quote_new']), role(2, 'Admin', ['root_admin'])];
    expect(roleAssignmentErrors(grantor, roles)).toEqual([
      'You cannot assign the role Admin: it holds privileges you do not hold.',
    ]);
    expect(unknownRoleErrors([1, 3], roles)).toEqual(['The selected role 3 does not exist.']);
  });

  it('derives the user type from the entity and the administrator flag', () => {
    expect(userTypeFor('HOUSE', false)).toBe('internal');
    expect(userTypeFor('HOUSE', true)).toBe('admin');
    expect(userTypeFor('AGENCY', true)).toBe('external');
    expect(userTypeFor('REFERRAL', false)).toBe('external');
  });

  it('keeps digits of phone numbers and upper-cases entity codes in the create request', () => {
    const parsed = UserCreateRequest.parse({
      fname: 'A',
      lname: 'B',
      email: ' a@b.test ',
      phone: '+1 (512) 555-0100',
      ext: '',
      entity: '2345-6789-cd',
    });
    expect(parsed).toMatchObject({
      email: 'a@b.test',
      phone: '15125550100',
      ext: null,
      entity: '2345-6789-CD',
      roles: [],
    });
    expect(UserCreateRequest.safeParse({ ...parsed, phone: '12-34' }).success).toBe(false);
  });
});

describe('the privilege tree of the role form', () => {
  const privileges = PRIVILEGES.map((p, i) => ({
    id: i + 1,
    parent_priv_id: p.parent ? PRIVILEGES.findIndex((q) => q.code === p.parent) + 1 : null,
    priv_code: p.code,
    priv_desc: p.description,
    is_grantable: p.grantable,
  }));
  const tree = buildPrivilegeTree(privileges);
  const find = (code: string, nodes: PrivilegeNode[] = tree): PrivilegeNode | undefined => {
    for (const node of nodes) {
      const hit = node.privilege.priv_code === code ? node : find(code, node.children);
      if (hit) return hit;
    }
    return undefined;
  };

  it('nests children under their parent in catalogue order', () => {
    expect(tree.map((n) => n.privilege.priv_code)).toContain('admin_user');
    expect(tree.map((n) => n.privilege.priv_code)).not.toContain('admin_user_list');
    expect(find('admin_user')!.children.map((c) => c.privilege.priv_code)).toEqual([
      'admin_user_list',
      'admin_user_add',
      'admin_user_edit',
      'admin_user_delete',
    ]);
  });

  it('drops the children of a ticked parent, which it includes', () => {
    const next = toggleCode(new Set(['quote_new', 'report']), find('quote')!, true);
    expect([...next].sort()).toEqual(['quote', 'report']);
    expect([...toggleCode(next, find('quote')!, false)]).toEqual(['report']);
  });

  it('offers only what the editor may grant, and keeps what can never be granted again', () => {
    const holds = (code: string) => code === 'quote';
    const byCode = (code: string) => privileges.find((p) => p.priv_code === code)!;
    expect(canToggle(byCode('quote'), false, holds)).toEqual({ allowed: true });
    expect(canToggle(byCode('report'), false, holds).allowed).toBe(false);
    expect(canToggle(byCode('report'), true, holds)).toEqual({ allowed: true });
    expect(canToggle(byCode('root_admin'), true, () => true)).toEqual({
      allowed: false,
      reason: 'Cannot be revoked',
    });
  });
});

describe('own settings in the portal', () => {
  it('open /my/settings to every signed-in user', () => {
    const route = portalRoute('my-settings');
    expect(route.path).toBe('/my/settings');
    for (const s of [
      subject([]),
      subject(['root_admin'], { isAdmin: true }),
      subject([], { isInternalAgent: true }),
    ]) {
      expect(isAllowed(route.check, s)).toBe(true);
    }
    expect(isAllowed(route.check, null)).toBe(false);
  });

  it('keep the Entity Settings menu item to agency users with entity_settings_view (SPEC §2)', () => {
    const labels = (s: ReturnType<typeof subject>) =>
      visibleMenu(s, { id: 42 }).flatMap((g) => g.items.map((i) => `${g.label}: ${i.label}`));
    expect(labels(subject(['entity_settings_view']))).toEqual(['Entity Management: Entity Settings']);
    expect(labels(subject([]))).toEqual([]);
    expect(labels(subject(['entity_settings_view'], { isAdmin: true }))).toEqual([]);
    expect(labels(subject(['root_admin'], { isAdmin: true }))).not.toContain(
      'Entity Management: Entity Settings',
    );
  });

  it("open the acting agency's settings from Entity Settings, once the agency is known (SPEC §2)", () => {
    const settings = (acting: { id: number } | null) =>
      visibleMenu(subject(['entity_settings_view']), acting)
        .flatMap((g) => g.items)
        .find((i) => i.label === 'Entity Settings');
    expect(settings({ id: 42 })?.to).toBe('/my/entities/42');
    expect(settings({ id: 7 })?.to).toBe('/my/entities/7');
    expect(settings(null)).toBeUndefined();
    // The route the item opens lets in whom the item shows to.
    expect(isAllowed(settings({ id: 42 })!.route.check, subject(['entity_settings_view']))).toBe(true);
  });

  it('format stored phone digits for reading', () => {
    expect(formatPhone('5125550100')).toBe('(512) 555-0100');
    expect(formatPhone('15125550100', '12')).toBe('(512) 555-0100 ext. 12');
    expect(formatPhone('4420794601')).toBe('(442) 079-4601');
    expect(formatPhone('442079460123')).toBe('442079460123');
    expect(formatPhone(null)).toBe('—');
  });
});
