// Privilege checks of SPEC §6, shared by the server's route table and the portal's guards and menu.
export const DASHBOARD_ACCESS_ATTRIBUTE_ID = 28;

export type AccessCheck =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'anyOf'; codes: readonly string[] }
  | { kind: 'allOf'; checks: readonly AccessCheck[] }
  | { kind: 'dashboard' }
  | { kind: 'agentOnly'; check: AccessCheck };

export interface AccessSubject {
  privilegeCodes: readonly string[];
  isAdmin: boolean;
  isInternalAgent: boolean;
  // Attributes of the acting entity; attribute 28 = '1' grants agent dashboard access.
  actingEntityAttributes: readonly { attributeId: number; value: string | null }[];
}

export const publicRoute: AccessCheck = { kind: 'public' };
export const authenticated: AccessCheck = { kind: 'authenticated' };
export const anyOf = (...codes: string[]): AccessCheck => ({ kind: 'anyOf', codes });
export const allOf = (...checks: AccessCheck[]): AccessCheck => ({ kind: 'allOf', checks });
export const dashboardAccess: AccessCheck = { kind: 'dashboard' };
// Entity Management is for users who are neither admin nor internal agent (SPEC §2).
export const agentOnly = (check: AccessCheck): AccessCheck => ({ kind: 'agentOnly', check });

export function hasDashboardAccess(subject: AccessSubject): boolean {
  return subject.actingEntityAttributes.some(
    (a) => a.attributeId === DASHBOARD_ACCESS_ATTRIBUTE_ID && a.value === '1',
  );
}

export function isAllowed(check: AccessCheck, subject: AccessSubject | null): boolean {
  if (check.kind === 'public') return true;
  if (!subject) return false;
  const root = subject.privilegeCodes.includes('root_admin');
  switch (check.kind) {
    case 'authenticated':
      return true;
    case 'anyOf':
      return root || check.codes.some((code) => subject.privilegeCodes.includes(code));
    case 'allOf':
      return check.checks.every((c) => isAllowed(c, subject));
    case 'dashboard':
      return root || (subject.privilegeCodes.includes('dashboard_report') && hasDashboardAccess(subject));
    case 'agentOnly':
      return !subject.isAdmin && !subject.isInternalAgent && !root && isAllowed(check.check, subject);
  }
}
