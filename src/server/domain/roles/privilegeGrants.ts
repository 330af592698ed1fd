import { PRIVILEGES } from '../../../api/privilegeCatalogue';

// Who may grant what (issue 3): only grantable privileges can be assigned, and nobody grants a privilege they
// do not hold. "Hold" means effective privileges (a parent includes its children); root_admin holds all.
export interface Grantor {
  isRoot: boolean;
  // Effective codes, as the principal carries them.
  privilegeCodes: readonly string[];
}

const BY_CODE = new Map(PRIVILEGES.map((p) => [p.code, p]));

export function holds(grantor: Grantor, code: string): boolean {
  return grantor.isRoot || grantor.privilegeCodes.includes(code);
}

export function holdsAll(grantor: Grantor, codes: Iterable<string>): boolean {
  for (const code of codes) if (!holds(grantor, code)) return false;
  return true;
}

// Messages for the privileges a grantor may not newly assign; empty when all of them are fine.
export function grantErrors(grantor: Grantor, codes: readonly string[]): string[] {
  const errors: string[] = [];
  for (const code of codes) {
    const privilege = BY_CODE.get(code);
    if (!privilege) errors.push(`The privilege ${code} does not exist.`);
    else if (!privilege.grantable) errors.push(`The privilege ${code} cannot be granted.`);
    else if (!holds(grantor, code)) errors.push(`You cannot grant ${code}: you do not hold it yourself.`);
  }
  return errors;
}

// Privileges that are not grantable (root_admin) could never be given back once taken away, so they cannot
// be revoked either: a role keeps them for its life.
export function revokeErrors(codes: readonly string[]): string[] {
  return codes
    .filter((code) => BY_CODE.get(code)?.grantable === false)
    .map((code) => `The privilege ${code} cannot be revoked.`);
}

// What a new set adds to and removes from the current one.
export function setChanges<T>(current: readonly T[], next: readonly T[]): { added: T[]; removed: T[] } {
  const before = new Set(current);
  const after = new Set(next);
  return { added: next.filter((c) => !before.has(c)), removed: current.filter((c) => !after.has(c)) };
}
