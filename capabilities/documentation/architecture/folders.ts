/**
 * Files grouped into folder nodes for the diagram: each file belongs to its folder cut at `depth`
 * segments from the workspace root (`src/routes/orders.ts` at depth 2 -> `src/routes`; `src/db.ts` ->
 * `src`; a root file -> the root node). When that gives more than `maxNodes` folders, the deepest
 * folders are folded into their parent, the parent whose fold removes most nodes first, until the cap
 * holds; folders at the top level beyond the cap are merged, smallest first, into one "other" node.
 * Every fold is recorded, so the document says what the diagram collapsed. Pure and deterministic.
 */

export const ROOT = '.';
export const OTHER = '(other)';

export interface FolderNode {
  folder: string;
  files: string[];
  lines: number;
}

export interface FolderEdge {
  from: string;
  to: string;
  /** Distinct file -> file imports from the first folder's files into the second's. */
  imports: number;
}

export interface FolderGraph {
  nodes: FolderNode[];
  edges: FolderEdge[];
  folderOf: Map<string, string>;
  /** What was folded to keep the cap, in the order it happened. */
  collapsed: string[];
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const depthOf = (folder: string): number => (folder === ROOT || folder === OTHER ? 0 : folder.split('/').length);
const parentOf = (folder: string): string => (folder.includes('/') ? folder.slice(0, folder.lastIndexOf('/')) : ROOT);

export function folderAt(file: string, depth: number): string {
  const slash = file.lastIndexOf('/');
  if (slash === -1) return ROOT;
  return file.slice(0, slash).split('/').slice(0, depth).join('/');
}

/** One fold: the max-depth folders under the parent whose fold removes most nodes (ties: more children, then name). */
function foldDeepest(keys: Set<string>): { parent: string; children: string[] } | null {
  const deepest = Math.max(...[...keys].map(depthOf));
  if (deepest <= 1) return null;
  const byParent = new Map<string, string[]>();
  for (const key of keys) if (depthOf(key) === deepest) byParent.set(parentOf(key), [...(byParent.get(parentOf(key)) ?? []), key]);
  const gain = (parent: string, children: string[]): number => children.length - (keys.has(parent) ? 0 : 1);
  const [parent, children] = [...byParent].sort(
    (a, b) => gain(b[0], b[1]) - gain(a[0], a[1]) || b[1].length - a[1].length || byName(a[0], b[0]),
  )[0]!;
  return { parent, children: children.sort(byName) };
}

export function groupFolders(sources: readonly string[], lines: ReadonlyMap<string, number>, depth: number, maxNodes: number): FolderGraph {
  const folderOf = new Map(sources.map((f) => [f, folderAt(f, depth)]));
  const collapsed: string[] = [];
  const keys = (): Set<string> => new Set(folderOf.values());
  const remap = (from: Set<string>, to: string): void => {
    for (const [file, folder] of folderOf) if (from.has(folder)) folderOf.set(file, to);
  };
  let current = keys();
  while (current.size > maxNodes) {
    const fold = foldDeepest(current);
    if (!fold) break;
    remap(new Set(fold.children), fold.parent);
    collapsed.push(
      `${fold.children.length === 1 ? fold.children[0] : `${fold.children.length} folders under ${fold.parent === ROOT ? 'the root' : fold.parent}`} folded into ${fold.parent === ROOT ? 'the root' : fold.parent}`,
    );
    current = keys();
  }
  if (current.size > maxNodes) {
    const sizes = new Map<string, number>();
    for (const folder of folderOf.values()) sizes.set(folder, (sizes.get(folder) ?? 0) + 1);
    const smallest = [...current].sort((a, b) => sizes.get(a)! - sizes.get(b)! || byName(a, b)).slice(0, current.size - maxNodes + 1);
    remap(new Set(smallest), OTHER);
    collapsed.push(`${smallest.length} smallest folders merged into "${OTHER}": ${smallest.sort(byName).join(', ')}`);
  }
  const nodes = new Map<string, FolderNode>();
  for (const file of [...sources].sort(byName)) {
    const folder = folderOf.get(file)!;
    const node = nodes.get(folder) ?? { folder, files: [], lines: 0 };
    node.files.push(file);
    node.lines += lines.get(file) ?? 0;
    nodes.set(folder, node);
  }
  return { nodes: [...nodes.values()].sort((a, b) => byName(a.folder, b.folder)), edges: [], folderOf, collapsed };
}

/** Folder edges from file links: imports inside one folder are not drawn. */
export function folderEdges(links: readonly [string, string][], folderOf: ReadonlyMap<string, string>): FolderEdge[] {
  const counts = new Map<string, FolderEdge>();
  for (const [from, to] of links) {
    const a = folderOf.get(from);
    const b = folderOf.get(to);
    if (a === undefined || b === undefined || a === b) continue;
    const key = `${a}\0${b}`;
    const edge = counts.get(key) ?? { from: a, to: b, imports: 0 };
    edge.imports++;
    counts.set(key, edge);
  }
  return [...counts.values()].sort((x, y) => byName(x.from, y.from) || byName(x.to, y.to));
}
