import type { Privilege } from '../../api/calls/roles';

// The privileges' parent/child relation as a tree, in catalogue order; a parent privilege grants its
// children (SPEC §6 "admin_ent (all)").
export interface PrivilegeNode {
  privilege: Privilege;
  children: PrivilegeNode[];
}

export function buildPrivilegeTree(privileges: readonly Privilege[]): PrivilegeNode[] {
  const nodes = new Map(privileges.map((p) => [p.id, { privilege: p, children: [] as PrivilegeNode[] }]));
  const roots: PrivilegeNode[] = [];
  for (const node of nodes.values()) {
    const parent =
      node.privilege.parent_priv_id === null ? undefined : nodes.get(node.privilege.parent_priv_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export function descendantCodes(node: PrivilegeNode): string[] {
  return node.children.flatMap((child) => [child.privilege.priv_code, ...descendantCodes(child)]);
}

// Ticking a parent makes its children implied, so they leave the explicit set; unticking removes just it.
export function toggleCode(selected: ReadonlySet<string>, node: PrivilegeNode, on: boolean): Set<string> {
  const next = new Set(selected);
  if (on) {
    next.add(node.privilege.priv_code);
    for (const code of descendantCodes(node)) next.delete(code);
  } else {
    next.delete(node.privilege.priv_code);
  }
  return next;
}

// Whether the editor may tick or untick a privilege: one already on the role may be taken off unless it can
// never be granted again; a new one must be grantable and held by the editor (the server's rules, shown early).
export function canToggle(
  privilege: Privilege,
  onRole: boolean,
  holds: (code: string) => boolean,
): { allowed: boolean; reason?: string } {
  if (!privilege.is_grantable) {
    return { allowed: false, reason: onRole ? 'Cannot be revoked' : 'Cannot be granted' };
  }
  if (onRole || holds(privilege.priv_code)) return { allowed: true };
  return { allowed: false, reason: 'You do not hold this privilege' };
}
