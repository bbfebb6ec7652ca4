/**
 * analysis.structure's findings from sources quality already parsed: the facts its pure
 * `analyzeStructure` needs, gathered as its `collectStructureFacts` does but without parsing again.
 */
import type { CapabilityContext, Finding } from '../../../core/index.js';
import { readPathAliases } from '../import-graph/import-graph.js';
import { parseJsonc } from '../import-graph/parse-jsonc.js';
import { analyzeStructure, type StructureFacts } from '../structure/analyze-structure.js';
import { readFacts, type FileFacts } from '../structure/file-facts.js';
import { resolveOptions } from '../structure/options.js';
import { memoised, type SourceUnit } from '../smells/source-units.js';

const STRUCTURE_FACTS_KEY = 'analysis.quality/structure-facts@1';
const MAX_HTML_FILES = 20;

async function readJson(ctx: CapabilityContext, files: string[], file: string): Promise<unknown> {
  if (!files.includes(file)) return null;
  try {
    return parseJsonc(await ctx.workspace.read(file));
  } catch (error) {
    ctx.log('warn', `analysis.quality could not read "${file}": ${(error as Error).message}`);
    return null;
  }
}

export async function structureFindingsFor(ctx: CapabilityContext, units: SourceUnit[]): Promise<Finding[]> {
  const files = (await ctx.workspace.list()).sort();
  const facts = new Map<string, FileFacts>(units.map((u) => [u.path, memoised(ctx, STRUCTURE_FACTS_KEY, u, () => readFacts(u.tree, u.source))]));
  const html: StructureFacts['html'] = [];
  for (const file of files.filter((f) => f.endsWith('.html')).slice(0, MAX_HTML_FILES)) html.push({ file, content: await ctx.workspace.read(file) });
  const input: StructureFacts = {
    files, facts, html, skipped: [],
    aliases: await readPathAliases(ctx, files),
    packageJson: await readJson(ctx, files, 'package.json'),
    nextProject: ctx.project.frameworks.includes('next'),
  };
  return analyzeStructure(input, resolveOptions({})).findings;
}
