/**
 * The folder graph as a Mermaid flowchart: node ids made of ASCII letters, digits and underscores
 * (prefixed, so no id is a Mermaid keyword such as `end`, and numbered on collision), every label
 * quoted with `#`, `&`, `"`, `<` and `>` written as Mermaid entity codes (`#35;`, `#quot;`, ...), edges labelled with their import counts, and the folders and
 * edges an import cycle runs through styled by the `cycle` class and `linkStyle`. Deterministic: nodes
 * and edges come in sorted order and ids follow from the folder names alone.
 */
import { OTHER, ROOT, type FolderEdge, type FolderNode } from './folders.js';

export function nodeIds(folders: readonly string[]): Map<string, string> {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  for (const folder of folders) {
    const base =
      folder === ROOT ? 'root' : folder === OTHER ? 'other' : folder.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'folder';
    let id = `m_${base}`;
    for (let n = 2; used.has(id); n++) id = `m_${base}_${n}`;
    used.add(id);
    ids.set(folder, id);
  }
  return ids;
}

export const labelText = (text: string): string =>
  text.replace(/#/g, '#35;').replace(/&/g, '#amp;').replace(/"/g, '#quot;').replace(/</g, '#lt;').replace(/>/g, '#gt;');

export const folderLabel = (node: FolderNode): string =>
  `${node.folder === ROOT ? 'workspace root' : node.folder} (${node.files.length} ${node.files.length === 1 ? 'file' : 'files'})`;

export interface Highlight {
  folders: Set<string>;
  /** `from\0to` of the folder edges a cycle runs along. */
  edges: Set<string>;
}

export function flowchart(nodes: readonly FolderNode[], edges: readonly FolderEdge[], highlight: Highlight): string {
  const ids = nodeIds(nodes.map((n) => n.folder));
  const lines = ['flowchart TD'];
  for (const node of nodes) lines.push(`  ${ids.get(node.folder)}["${labelText(folderLabel(node))}"]`);
  const cycleLinks: number[] = [];
  edges.forEach((edge, index) => {
    lines.push(`  ${ids.get(edge.from)} -->|${edge.imports}| ${ids.get(edge.to)}`);
    if (highlight.edges.has(`${edge.from}\0${edge.to}`)) cycleLinks.push(index);
  });
  const cyclic = nodes.filter((n) => highlight.folders.has(n.folder)).map((n) => ids.get(n.folder)!);
  if (cyclic.length > 0 || cycleLinks.length > 0) lines.push('  classDef cycle fill:#fde8e8,stroke:#c0392b,stroke-width:2px');
  if (cyclic.length > 0) lines.push(`  class ${cyclic.join(',')} cycle`);
  if (cycleLinks.length > 0) lines.push(`  linkStyle ${cycleLinks.join(',')} stroke:#c0392b,stroke-width:2px`);
  return lines.join('\n');
}
