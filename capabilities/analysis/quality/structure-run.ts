/**
 * analysis.structure's findings from sources quality already parsed: the same facts (and the same
 * memo entries) analysis.structure gathers, without listing or parsing again.
 */
import type { CapabilityContext, Finding, SourceUnit } from '../../../core/index.js';
import { analyzeStructure, structureFactsOf } from '../structure/analyze-structure.js';
import { resolveOptions } from '../structure/options.js';

export async function structureFindingsFor(ctx: CapabilityContext, units: SourceUnit[]): Promise<Finding[]> {
  return analyzeStructure(await structureFactsOf(ctx, units), resolveOptions({})).findings;
}
