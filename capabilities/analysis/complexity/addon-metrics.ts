/**
 * A file's metrics from the counts the flat-tree addon measured on the parse thread (core's
 * `FlatTree.metrics`, native/flat-metrics.c: the walk of metrics-walker.ts in C). The words are
 * [top-level decisions, distinct operators, distinct operands, total operators, total operands, code
 * rows, physical lines], then five per unit in the walk's order: [flat node index, kind, cyclomatic,
 * cognitive, nesting]. What needs names and text — each unit's name, head location, extent and
 * parameters — is read here from the unit's node in the shared plain tree, as the walker does.
 */
import type { Tree } from 'tree-sitter';
import { ERROR_TYPE_ID, syntaxTreeOf, type FlatTree, type SyntaxNode } from '../../../core/index.js';
import { halsteadOf } from './halstead.js';
import { unitMetrics, type FunctionMetrics } from './metrics-walker.js';
import type { UnitKind } from './function-units.js';
import type { Measured } from './file-metrics.js';

const HEADER = 7;
const PER_UNIT = 5;
/** flat-metrics.c's unit kinds (1, 2, 3). */
const KINDS: readonly (UnitKind | undefined)[] = [undefined, 'function', 'class-field-initializer', 'class-static-block'];

/** undefined when a unit's node is not in the plain tree (never seen; the caller then walks the tree itself). */
export function measuredByAddon(flat: FlatTree, words: Int32Array, parsed: { tree: Tree; source: string }): Measured | undefined {
  const functions: FunctionMetrics[] = [];
  if (words.length > HEADER) {
    const root = syntaxTreeOf(parsed);
    for (let k = HEADER; k < words.length; k += PER_UNIT) {
      const kind = KINDS[words[k + 1]!];
      const node = nodeOfFlat(root, flat, words[k]!);
      if (!kind || !node) return undefined;
      functions.push(unitMetrics(node, kind, parsed.source, words[k + 2]!, words[k + 3]!, words[k + 4]!));
    }
  }
  return {
    functions,
    topLevelDecisions: words[0]!,
    halstead: halsteadOf(words[1]!, words[2]!, words[3]!, words[4]!),
    sourceLines: words[5]!,
    lines: words[6]!,
  };
}

/**
 * The plain tree's node for the flat tree's node `index`: the node with its extent and type, found by
 * descending from the root through the child that spans it (a few steps per unit), or, when zero-width
 * nodes make that ambiguous, by searching the whole tree.
 */
function nodeOfFlat(root: SyntaxNode, flat: FlatTree, index: number): SyntaxNode | undefined {
  const start = flat.nodes[index * 4 + 1]!;
  const end = flat.nodes[index * 4 + 2]!;
  const typeId = flat.nodes[index * 4]! & 0xffff;
  const type = typeId === ERROR_TYPE_ID ? 'ERROR' : flat.names.types[typeId];
  const matches = (node: SyntaxNode): boolean => node.startIndex === start && node.endIndex === end && node.type === type;
  let node: SyntaxNode | undefined = root;
  while (node) {
    if (matches(node)) return node;
    node = spanning(node.children, start, end);
  }
  return search(root, matches);
}

/** The last child that starts at or before `start` if it also ends at or after `end` (binary search). */
function spanning(children: readonly SyntaxNode[], start: number, end: number): SyntaxNode | undefined {
  let lo = 0;
  let hi = children.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (children[mid]!.startIndex <= start) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const child = found >= 0 ? children[found] : undefined;
  return child && child.endIndex >= end ? child : undefined;
}

function search(root: SyntaxNode, matches: (node: SyntaxNode) => boolean): SyntaxNode | undefined {
  const work = [root];
  while (work.length > 0) {
    const node = work.pop()!;
    if (matches(node)) return node;
    for (let i = node.children.length - 1; i >= 0; i--) work.push(node.children[i]!);
  }
  return undefined;
}
