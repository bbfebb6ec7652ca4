/** debugging.typecheck's step, loaded on first use (see ../typecheck.ts). */
import { AgentdError, type CapabilityContext, type Finding, type StepResult } from '../../../core/index.js';
import { groupByCause, groupByFile } from './group-diagnostics.js';
import { runTypecheck } from './run-typecheck.js';
import { fixableKind } from '../fix/fixable.js';
import ts from 'typescript';

export interface TypecheckInput {
  tsconfig?: string[];
  maxDiagnostics?: number;
  description?: string;
  include?: string[];
  exclude?: string[];
}

export async function runTypecheckStep(input: TypecheckInput, ctx: CapabilityContext): Promise<StepResult> {
  const started = Date.now();
  const check = await runTypecheck(ctx, { tsconfig: input.tsconfig });
  if (check.configs.length === 0)
    throw new AgentdError(
      'invalid_input',
      'debugging.typecheck found no tsconfig.json or jsconfig.json in the workspace; there is no TypeScript project to check.',
    );
  if (ctx.signal.aborted) throw new AgentdError('cancelled', 'debugging.typecheck was cancelled.');
  const all = check.diagnostics;
  const limit = input.maxDiagnostics ?? 1000;
  const diagnostics = all.slice(0, limit).map((d) => ({ ...d, fixable: fixableKind(d.code, d.message) }));
  const causes = groupByCause(all);
  const files = groupByFile(all);
  const errors = all.filter((d) => d.severity === 'error').length;
  const findings: Finding[] = diagnostics
    .filter((d) => d.file)
    .map((d) => ({
      ruleId: `typescript/TS${d.code}`,
      severity: d.severity === 'error' ? 'high' : 'medium',
      file: d.file!,
      message: d.message.split('\n')[0]!,
      range: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
      data: { projects: d.projects, ...(d.fixable ? { fixable: d.fixable } : {}) },
    }));
  const fixable = diagnostics.filter((d) => d.fixable).length;
  const projects = check.projects.map((p) => p.config).join(', ');
  const summary =
    errors === 0
      ? `Type-check passed: no errors in ${check.projects.length} tsconfig project(s) (${projects}).`
      : `${errors} type error(s) in ${files.filter((f) => f.errors > 0).length} file(s) across ${check.projects.length} tsconfig project(s) (${projects}); by cause: ${causes
          .slice(0, 4)
          .map((c) => `${c.count}× ${c.title} (TS${c.code})`)
          .join(', ')}${fixable > 0 ? `; ${fixable} debugging.fix can fix` : ''}.`;
  return {
    summary,
    findings,
    data: {
      passed: errors === 0,
      errors,
      warnings: all.length - errors,
      typescript: ts.version,
      projects: check.projects,
      byCause: causes,
      byFile: files,
      diagnostics,
      truncated: all.length > limit,
      durationMs: Date.now() - started,
    },
  };
}
