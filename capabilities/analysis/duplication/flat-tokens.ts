/**
 * Tokens read straight from the flat-tree addon's array (core's `flatTreeOf`: 4 words per node in
 * pre-order, [type | field << 16, start, end, parent + 1]) rather than from the plain tree's node
 * objects: reading a few integers per node instead of following objects is about four times cheaper,
 * and the plain tree need not exist. Pre-order is the plain-tree walk's order, so the next node is the
 * first child when there is one; a subtree ends at the first later node whose parent comes before it.
 */
import type { FlatTree } from '../../../core/index.js';
import { ROLE_LITERAL, ROLE_SKIPPED, ROLE_SUBSTITUTION, ROLE_TEMPLATE, rolesOf } from './token-roles.js';
import type { TokenSink } from './token-sink.js';

export function tokensFromFlat(flat: FlatTree, sink: TokenSink): void {
  const nodes = flat.nodes;
  const roles = rolesOf(flat.names);
  const count = nodes.length >>> 2;
  for (let i = 0; i < count;) {
    const at = i << 2;
    const role = roles[nodes[at]! & 0xffff]!;
    if (role & ROLE_SKIPPED) {
      i = subtreeEnd(nodes, i, count);
      continue;
    }
    // Node i has children when the next node's parent is i (stored as i + 1).
    const hasChildren = i + 1 < count && nodes[at + 7] === i + 1;
    if (role & ROLE_LITERAL) {
      // A template string with substitutions holds code: descend into it instead of taking it whole.
      if (role & ROLE_TEMPLATE && hasChildOfRole(nodes, roles, i, count, ROLE_SUBSTITUTION)) {
        i++;
        continue;
      }
    } else if (hasChildren) {
      i++;
      continue;
    }
    sink.record(nodes[at + 1]!, nodes[at + 2]!, role);
    i = hasChildren ? subtreeEnd(nodes, i, count) : i + 1;
  }
}

/** The first node after node i's subtree: the first later node whose parent precedes i (parent + 1 <= i). */
function subtreeEnd(nodes: Uint32Array, i: number, count: number): number {
  let j = i + 1;
  while (j < count && nodes[(j << 2) + 3]! > i) j++;
  return j;
}

function hasChildOfRole(nodes: Uint32Array, roles: Uint8Array, i: number, count: number, role: number): boolean {
  for (let j = i + 1; j < count && nodes[(j << 2) + 3]! > i; j++) {
    if (nodes[(j << 2) + 3] === i + 1 && roles[nodes[j << 2]! & 0xffff]! & role) return true;
  }
  return false;
}
