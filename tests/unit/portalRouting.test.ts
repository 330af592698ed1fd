import { describe, expect, it } from 'vitest';
import { portalRoute } from '../../src/api/portalRoutes';
import { invalidRouteParams } from '../../src/api/routeParams';
import { logoTarget, visibleMenu } from '../../src/api/visibleMenu';
import { loginPathFor, safeRedirect } from '../../src/features/auth/safeRedirect';

describe('route parameters (SPEC §5)', () => {
  it('accepts whole numbers and UUIDs, rejects anything else', () => {
    const policy = portalRoute('policy');
    expect(invalidRouteParams(policy, { matterId: '42' })).toEqual([]);
    expect(invalidRouteParams(policy, { matterId: '4.2' })).toEqual(['matterId']);
    expect(invalidRouteParams(policy, { matterId: '-1' })).toEqual(['matterId']);
    const coverage = portalRoute('quote-journey-coverage');
    expect(invalidRouteParams(coverage, { uuid: '0b5c6c1e-8d5e-4f0e-9a43-6b4b1c2d3e4f' })).toEqual([]);
    expect(invalidRouteParams(coverage, { uuid: 'abc' })).toEqual(['uuid']);
  });

  it('lets an optional parameter be absent', () => {
    expect(invalidRouteParams(portalRoute('quote-journey-rating'), {})).toEqual([]);
    expect(invalidRouteParams(portalRoute('renters-quote'), { id: undefined })).toEqual([]);
  });
});

describe('redirect after login', () => {
  it('keeps paths of this portal and refuses anything else', () => {
    expect(safeRedirect('/admin/users?page=2')).toBe('/admin/users?page=2');
    expect(safeRedirect('//evil.test/x')).toBe('/');
    expect(safeRedirect('https://evil.test')).toBe('/');
    expect(safeRedirect('/\\evil.test')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });

  it('builds the login address', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/quotes?zip=1')).toBe('/login?redirect=%2Fquotes%3Fzip%3D1');
  });
});

describe('menu (SPEC §2)', () => {
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

  it('shows a group only when one of its items is allowed', () => {
    const groups = visibleMenu(subject(['verify_bank_account']));
    expect(groups.map((g) => [g.label, g.items.map((i) => i.label)])).toEqual([
      ['Accounting', ['Bank Account Verification']],
    ]);
  });

  it('hides Entity Management from internal agents', () => {
    const labels = visibleMenu(subject(['entity_search'], { isInternalAgent: true })).map((g) => g.label);
    expect(labels).toEqual([]);
  });

  it('sends the logo to the dashboard only with dashboard access', () => {
    expect(logoTarget(subject(['dashboard_report']))).toBe('/quotes');
    expect(
      logoTarget({
        ...subject(['dashboard_report']),
        actingEntityAttributes: [{ attributeId: 28, value: '1' }],
      }),
    ).toBe('/dashboard');
  });
});
