import type { AccessCheck } from '../../../api/access';

// A route's access check (SPEC §6) in words, for the reference. Written from the same AccessCheck the
// route table enforces, so the reference cannot promise access the server refuses.

// One check inside another: "admin_ent_list", "one of admin, report".
function clause(check: AccessCheck): string {
  switch (check.kind) {
    case 'public':
      return 'no sign-in';
    case 'authenticated':
      return 'any signed-in user';
    case 'anyOf':
      return check.codes.length === 1 ? check.codes[0]! : `one of ${check.codes.join(', ')}`;
    case 'allOf':
      return check.checks.map(clause).join(' and ');
    case 'dashboard':
      return 'root_admin, or dashboard_report with agent dashboard access (attribute 28 of the acting entity set to 1)';
    case 'agentOnly':
      return `an agent user (not admin, internal agent or root_admin) with ${clause(check.check)}`;
  }
}

export function accessRequirement(check: AccessCheck): string {
  switch (check.kind) {
    case 'public':
      return 'Public: no access token needed';
    case 'authenticated':
      return 'Any signed-in user';
    case 'anyOf':
      return check.codes.length === 1
        ? `Requires ${check.codes[0]}`
        : `Requires any of: ${check.codes.join(', ')}`;
    case 'allOf':
    case 'dashboard':
      return `Requires ${clause(check)}`;
    case 'agentOnly':
      return `Only for ${clause(check)}`;
  }
}

// The privilege codes a check mentions, in order, for the reference's per-operation list.
export function privilegeCodes(check: AccessCheck): string[] {
  switch (check.kind) {
    case 'public':
    case 'authenticated':
      return [];
    case 'anyOf':
      return [...check.codes];
    case 'allOf':
      return [...new Set(check.checks.flatMap(privilegeCodes))];
    case 'dashboard':
      return ['root_admin', 'dashboard_report'];
    case 'agentOnly':
      return privilegeCodes(check.check);
  }
}
