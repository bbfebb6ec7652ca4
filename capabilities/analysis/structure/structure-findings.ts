/** Findings of analysis.structure, one builder per rule. */
import type { Finding, SourceRange } from '../../../core/index.js';
import type { StructureReport } from './analyze-structure.js';
import type { StructureOptions } from './options.js';

const line = (n: number): SourceRange => ({ startLine: n, startColumn: 1, endLine: n, endColumn: 1 });

export function structureFindings(report: Omit<StructureReport, 'findings'>, options: StructureOptions): Finding[] {
  const out: Finding[] = [];
  const on = (rule: string): boolean => options.rules.has(rule as never);
  if (on('structure/circular-import')) {
    for (const cycle of report.cycles) {
      out.push({
        ruleId: 'structure/circular-import',
        severity: 'medium',
        file: cycle.path[0]!,
        range: line(cycle.line),
        message: `Circular import: ${cycle.path.join(' -> ')}; move what both sides need into a separate module.`,
        data: { path: cycle.path, members: cycle.members },
      });
    }
  }
  if (on('structure/orphan-file')) {
    for (const file of report.orphans) {
      out.push({
        ruleId: 'structure/orphan-file',
        severity: 'low',
        file,
        range: line(1),
        message: `"${file}" is imported by no file and is no entry point; delete it or import it where it is used.`,
      });
    }
  }
  if (on('structure/mixed-concerns')) {
    for (const c of report.mixedConcerns) {
      out.push({
        ruleId: 'structure/mixed-concerns',
        severity: 'medium',
        file: c.file,
        range: line(c.line),
        message: `"${c.file}" mixes ${c.concerns.join(', ')}: it ${c.evidence.join(' and ')}; move data access and HTTP handling out of the component.`,
        data: { concerns: c.concerns, evidence: c.evidence },
      });
    }
  }
  if (on('structure/mixed-tests')) {
    for (const m of report.mixedTests) {
      out.push({
        ruleId: 'structure/mixed-tests',
        severity: 'low',
        file: m.testFile,
        range: line(1),
        message: `Folder "${m.folder}" mixes ${m.tests} test file(s) with ${m.sources} source file(s) while the project keeps its tests in test folders; move the tests there.`,
        data: { ...m },
      });
    }
  }
  if (on('structure/deep-folder')) {
    for (const d of report.depth.tooDeep) {
      out.push({
        ruleId: 'structure/deep-folder',
        severity: 'low',
        file: d.file,
        range: line(1),
        message: `Folder "${d.folder}" is ${d.depth} levels deep (limit ${options.maxDepth}); flatten the hierarchy.`,
        data: { folder: d.folder, depth: d.depth, limit: options.maxDepth },
      });
    }
  }
  return out;
}
