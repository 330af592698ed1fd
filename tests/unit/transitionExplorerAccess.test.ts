import { describe, expect, it } from 'vitest';
import { isAllowed } from '../../src/api/access';
import { portalRoute } from '../../src/api/portalRoutes';
import { PRIVILEGES } from '../../src/api/privilegeCatalogue';
import { visibleMenu } from '../../src/api/visibleMenu';

// The Transition Explorer is for root administrators only: holding every grantable privilege is not enough.
const subject = (privilegeCodes: string[]) => ({
  privilegeCodes,
  isAdmin: true,
  isInternalAgent: false,
  actingEntityAttributes: [],
});
const root = subject(['root_admin']);
const everythingElse = subject(PRIVILEGES.map((p) => p.code).filter((code) => code !== 'root_admin'));
const adminItems = (s: ReturnType<typeof subject>) =>
  visibleMenu(s)
    .filter((g) => g.label === 'Admin')
    .flatMap((g) => g.items.map((i) => i.label));

describe('the Transition Explorer route', () => {
  const route = portalRoute('admin-statecharts');

  it('lives under Admin at /admin/statecharts', () => {
    expect(route).toMatchObject({ path: '/admin/statecharts', title: 'Transition Explorer', area: 'Admin' });
  });

  it('opens to root administrators only', () => {
    expect(isAllowed(route.check, root)).toBe(true);
    expect(isAllowed(route.check, everythingElse)).toBe(false);
    expect(isAllowed(route.check, null)).toBe(false);
  });

  it('shows in the Admin menu, after Commission Review, to root administrators only', () => {
    expect(adminItems(root)).toEqual([
      'Entities',
      'Roles',
      'Users',
      'Commission Review',
      'Transition Explorer',
      'Jobs',
      'Session recordings',
    ]);
    expect(adminItems(everythingElse)).not.toContain('Transition Explorer');
  });
});
