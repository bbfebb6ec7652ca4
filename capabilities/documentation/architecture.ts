/**
 * documentation.architecture: the project's architecture as a Mermaid diagram, drawn from the module
 * import graph that analysis.dependencies and analysis.structure compute (run through `ctx.invoke`):
 * folders as boxes (collapsed to a depth, capped in number, the collapse stated), imports between
 * folders as labelled arrows, import cycles outlined; then a layer table (files, lines, depends on,
 * used by), the cycles with their file paths, and the entry points. Written to docs/architecture.md as
 * marked regions, so a re-run updates only those and the human text around them is kept.
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError, fileSelectionSchema, pathSchema } from '../../core/index.js';
import { collectFacts } from './architecture/graph-facts.js';
import { drawArchitecture } from './architecture/sections.js';
import { mergeSections } from './readme/regions.js';
import { PLANNING } from './architecture/planning.js';

export interface ArchitectureInput {
  out?: string;
  depth?: number;
  maxNodes?: number;
  include?: string[];
  exclude?: string[];
  tests?: boolean;
  includeTypeImports?: boolean;
}

export const meta: CapabilityMeta = {
  id: 'documentation.architecture',
  group: 'documentation',
  title: 'Architecture diagram',
  description:
    'A Mermaid diagram of the module graph by folder (imports between layers, import cycles outlined), a layer table, the cycles and the entry points, merged into docs/architecture.md by marked regions.',
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      out: pathSchema('The Markdown file to write or update (default docs/architecture.md).'),
      depth: {
        type: 'integer',
        minimum: 1,
        maximum: 10,
        default: 2,
        description: 'Folder levels below the workspace root a box stands for (src/routes at 2).',
      },
      maxNodes: {
        type: 'integer',
        minimum: 2,
        maximum: 100,
        default: 30,
        description: 'At most this many boxes: deeper folders are folded into their parents first.',
      },
      ...fileSelectionSchema('draw (default: every TS/TSX/JS/JSX file)'),
      tests: { type: 'boolean', default: false, description: 'Draw test files too (default: left out, and counted).' },
      includeTypeImports: { type: 'boolean', default: false, description: 'Count type-only imports when looking for cycles.' },
    },
  },
  writes: true,
  execution: { parses: 'none', composes: ['analysis.dependencies', 'analysis.structure'] },
  planning: PLANNING,
};

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export async function run(input: ArchitectureInput, ctx: CapabilityContext): Promise<StepResult> {
  const out = input.out ?? 'docs/architecture.md';
  const options = {
    depth: input.depth ?? 2,
    maxNodes: input.maxNodes ?? 30,
    tests: input.tests ?? false,
    includeTypeImports: input.includeTypeImports ?? false,
  };
  const facts = await collectFacts(ctx, { include: input.include, exclude: input.exclude, ...options });
  const scope = input.include || input.exclude ? ' in the selected files' : '';
  if (!facts)
    throw new AgentdError(
      'documentation_refused',
      `No TypeScript or JavaScript source file${scope}: an architecture diagram is drawn from the module import graph, and there is none to draw.`,
    );
  if (facts.sources.length === 0)
    throw new AgentdError(
      'documentation_refused',
      `Every readable source file${scope} is a test file (${facts.leftOutTests}) or could not be read (${facts.skipped.length}): nothing is left to draw. Pass tests: true to draw the tests.`,
    );
  ctx.progress(70, 'drawing the diagram');
  const drawing = drawArchitecture(facts, options);
  const existing = (await ctx.workspace.exists(out)) ? await ctx.workspace.read(out) : null;
  const merged = mergeSections(existing ?? '# Architecture\n', drawing.sections);
  if (merged.text !== existing) await ctx.workspace.write(out, merged.text);
  ctx.progress(100, 'done');
  const did = existing === null ? 'Created' : merged.text === existing ? 'Unchanged' : 'Updated';
  const { nodes, edges, collapsed } = drawing.graph;
  return {
    summary: `${did} ${out}: ${count(nodes.length, 'folder')}, ${count(edges.length, 'dependency', 'dependencies')} between them, ${count(facts.cycles.length, 'import cycle')}, ${count(facts.entryPoints.length, 'entry point')} from ${count(facts.sources.length, 'source file')}${collapsed.length > 0 ? ` (${collapsed.length} folds to stay within ${options.maxNodes} boxes)` : ''}.${existing !== null && did !== 'Unchanged' ? ' Text outside the agentd regions is kept as written.' : ''}`,
    data: {
      out,
      sections: drawing.sections.map((s) => s.id),
      replaced: merged.replaced,
      appended: merged.appended,
      unchanged: merged.unchanged,
      folders: nodes.map((n) => ({ folder: n.folder, files: n.files.length, lines: n.lines })),
      edges,
      cycles: facts.cycles,
      cycleFolders: [...drawing.highlight.folders].sort(),
      entryPoints: facts.entryPoints,
      orphans: facts.orphans,
      collapsed,
      leftOutTests: facts.leftOutTests,
      skipped: facts.skipped,
    },
  };
}
