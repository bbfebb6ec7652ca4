/**
 * debugging.typecheck: the project's type-check over every tsconfig project (solution configs and
 * their references, app and test configs) through the TypeScript compiler API in this process, the
 * diagnostics grouped by cause and by file and explained from the error catalogue. Runs nothing of the
 * project: agentd's own TypeScript, no compiler plugins, reads confined to the workspace.
 */
import { AgentdError, type CapabilityContext, type CapabilityMeta, type Finding, type StepResult } from '../../core/index.js';
import { groupByCause, groupByFile } from './typecheck/group-diagnostics.js';
import { runTypecheck } from './typecheck/run-typecheck.js';
import { fixableKind } from './fix/fixable.js';
import ts from 'typescript';

export const meta: CapabilityMeta = {
  id: 'debugging.typecheck',
  group: 'debugging',
  title: 'Type-check',
  description: "Runs the TypeScript type-check over every tsconfig project of the workspace in-process and groups the diagnostics by cause and file, with explanations and which ones debugging.fix can fix.",
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    properties: {
      tsconfig: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'Configs to check (workspace-relative); default: every tsconfig*.json / jsconfig.json and their references.' },
      maxDiagnostics: { type: 'integer', minimum: 1, maximum: 10000 },
      description: { type: 'string', maxLength: 20000 },
      include: { type: 'array', items: { type: 'string' } },
      exclude: { type: 'array', items: { type: 'string' } },
    },
    additionalProperties: false,
  },
  writes: false,
};

export interface TypecheckInput {
  tsconfig?: string[];
  maxDiagnostics?: number;
  description?: string;
  include?: string[];
  exclude?: string[];
}

export async function run(input: TypecheckInput, ctx: CapabilityContext): Promise<StepResult> {
  const started = Date.now();
  const check = await runTypecheck(ctx, { tsconfig: input.tsconfig });
  if (check.configs.length === 0) throw new AgentdError('invalid_input', 'debugging.typecheck found no tsconfig.json or jsconfig.json in the workspace; there is no TypeScript project to check.');
  if (ctx.signal.aborted) throw new AgentdError('cancelled', 'debugging.typecheck was cancelled.');
  const all = check.diagnostics;
  const limit = input.maxDiagnostics ?? 1000;
  const diagnostics = all.slice(0, limit).map((d) => ({ ...d, fixable: fixableKind(d.code, d.message) }));
  const causes = groupByCause(all);
  const files = groupByFile(all);
  const errors = all.filter((d) => d.severity === 'error').length;
  const findings: Finding[] = diagnostics.filter((d) => d.file).map((d) => ({
    ruleId: `typescript/TS${d.code}`, severity: d.severity === 'error' ? 'high' : 'medium', file: d.file!, message: d.message.split('\n')[0]!,
    range: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn }, data: { projects: d.projects, ...(d.fixable ? { fixable: d.fixable } : {}) },
  }));
  const fixable = diagnostics.filter((d) => d.fixable).length;
  const projects = check.projects.map((p) => p.config).join(', ');
  const summary = errors === 0
    ? `Type-check passed: no errors in ${check.projects.length} tsconfig project(s) (${projects}).`
    : `${errors} type error(s) in ${files.filter((f) => f.errors > 0).length} file(s) across ${check.projects.length} tsconfig project(s) (${projects}); by cause: ${causes.slice(0, 4).map((c) => `${c.count}× ${c.title} (TS${c.code})`).join(', ')}${fixable > 0 ? `; ${fixable} debugging.fix can fix` : ''}.`;
  return {
    summary, findings,
    data: { passed: errors === 0, errors, warnings: all.length - errors, typescript: ts.version, projects: check.projects, byCause: causes, byFile: files, diagnostics, truncated: all.length > limit, durationMs: Date.now() - started },
  };
}
