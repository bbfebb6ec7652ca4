/**
 * A structural check of the Mermaid flowchart documentation.architecture writes (no Mermaid parser is
 * installed, and the full package is too heavy to add for a test): every line must be one of the forms
 * Mermaid's flowchart grammar accepts that the capability emits — the header, a node with a quoted
 * label, a counted edge between declared nodes, the cycle classDef, a class list of declared nodes, a
 * linkStyle of existing edge indices — and ids must be unique and free of Mermaid keywords.
 */
export interface CheckedFlowchart {
  /** id -> label. */
  nodes: Map<string, string>;
  edges: { from: string; to: string; count: number }[];
  cycleNodes: string[];
  cycleEdges: number[];
}

const KEYWORDS = new Set(['end', 'graph', 'flowchart', 'subgraph', 'class', 'classDef', 'click', 'style', 'linkStyle', 'direction']);

export function mermaidBlock(markdown: string): string {
  const blocks = [...markdown.matchAll(/```mermaid\n([\s\S]*?)\n```/g)];
  if (blocks.length !== 1) throw new Error(`expected one mermaid block, found ${blocks.length}`);
  return blocks[0]![1]!;
}

export function checkFlowchart(text: string): CheckedFlowchart {
  const lines = text.split('\n');
  if (lines[0] !== 'flowchart TD') throw new Error(`first line is "${lines[0]}", not a flowchart header`);
  const out: CheckedFlowchart = { nodes: new Map(), edges: [], cycleNodes: [], cycleEdges: [] };
  const known = (id: string, line: string): void => {
    if (!out.nodes.has(id)) throw new Error(`"${line}" names the undeclared node ${id}`);
  };
  for (const line of lines.slice(1)) {
    let m: RegExpExecArray | null;
    if ((m = /^ {2}([A-Za-z][A-Za-z0-9_]*)\["([^"]*)"\]$/.exec(line))) {
      if (out.nodes.has(m[1]!)) throw new Error(`node ${m[1]} declared twice`);
      if (KEYWORDS.has(m[1]!)) throw new Error(`node id ${m[1]} is a Mermaid keyword`);
      out.nodes.set(m[1]!, m[2]!);
    } else if ((m = /^ {2}([A-Za-z][A-Za-z0-9_]*) -->\|(\d+)\| ([A-Za-z][A-Za-z0-9_]*)$/.exec(line))) {
      known(m[1]!, line);
      known(m[3]!, line);
      out.edges.push({ from: m[1]!, to: m[3]!, count: Number(m[2]) });
    } else if (/^ {2}classDef cycle( [a-z-]+:[^ ,]+(,[a-z-]+:[^ ,]+)*)$/.test(line)) {
      continue;
    } else if ((m = /^ {2}class ([A-Za-z0-9_]+(?:,[A-Za-z0-9_]+)*) cycle$/.exec(line))) {
      for (const id of m[1]!.split(',')) known(id, line);
      out.cycleNodes = m[1]!.split(',');
    } else if ((m = /^ {2}linkStyle (\d+(?:,\d+)*) [a-z-]+:[^ ]+$/.exec(line))) {
      out.cycleEdges = m[1]!.split(',').map(Number);
      for (const i of out.cycleEdges) if (i >= out.edges.length) throw new Error(`linkStyle names edge ${i} of ${out.edges.length}`);
    } else throw new Error(`not a flowchart line this check knows: "${line}"`);
  }
  return out;
}

/** The folder a node label names ("src/routes (3 files)" -> "src/routes"). */
export const folderOfLabel = (label: string): string => label.replace(/ \(\d+ files?\)$/, '');
