/**
 * ESLint problems in debugging.fix: ESLint output pasted as the error (stylish, or `file:line:col:
 * message [Error/rule]`) is fixed with ESLint's own rule fixes or single suggestions, run by
 * eslint-fix-runner.ts in agentd's sandbox with the project's flat config (the project-code permission
 * is required: loading the config runs it). A file's change is staged only when the re-lint shows every
 * targeted problem gone and no problem (rule and message) more than before.
 */
import { fileURLToPath } from 'node:url';
import { AgentdError, type CapabilityContext, type Finding, type StepResult } from '../../../core/index.js';
import type { EslintFixOutput, EslintFixRequest, EslintProblem } from './eslint-fix-runner.js';

const RUNNER = fileURLToPath(new URL('./eslint-fix-runner.js', import.meta.url));
const FLAT_CONFIGS = [
  'eslint.config.js',
  'eslint.config.mjs',
  'eslint.config.cjs',
  'eslint.config.ts',
  'eslint.config.mts',
  'eslint.config.cts',
];
const STYLISH = /^\s+(\d+):(\d+)\s+(?:error|warning)\s+(.+?)\s{2,}(@?[\w-]+(?:\/[\w-]+)*)\s*$/;
const COMPACT = /^(.+?):(\d+):(\d+):\s+(.+?)\s+\[(?:Error|Warning)\/(@?[\w-]+(?:\/[\w-]+)*)\]\s*$/;

export interface EslintTarget {
  path: string;
  line: number;
  column: number;
  ruleId: string;
  message: string;
}

/** The problems of ESLint output, with their file as the output prints it (absolute or relative). */
export function eslintProblemsOf(text: string): EslintTarget[] {
  const out: EslintTarget[] = [];
  let file: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const compact = COMPACT.exec(raw);
    if (compact) {
      out.push({
        path: compact[1]!.trim(),
        line: Number(compact[2]),
        column: Number(compact[3]),
        message: compact[4]!,
        ruleId: compact[5]!,
      });
      continue;
    }
    const stylish = STYLISH.exec(raw);
    if (stylish && file) {
      out.push({ path: file, line: Number(stylish[1]), column: Number(stylish[2]), message: stylish[3]!, ruleId: stylish[4]! });
      continue;
    }
    if (/^\S.*\.[cm]?[jt]sx?$/.test(raw.trim()) && !/\s{2}/.test(raw)) file = raw.trim();
  }
  return out;
}

async function workspacePath(ctx: CapabilityContext, printed: string): Promise<string | null> {
  const root = ctx.workspace.root.replace(/\\/g, '/').replace(/\/?$/, '/');
  const p = printed.replace(/\\/g, '/');
  if (p.startsWith(root)) return p.slice(root.length);
  const parts = p.split('/').filter((x) => x && x !== '.' && x !== '..');
  for (let i = Math.max(0, parts.length - 6); i < parts.length; i++) {
    const candidate = parts.slice(i).join('/');
    if (await ctx.workspace.exists(candidate)) return candidate;
  }
  return null;
}

const key = (p: EslintProblem): string => `${p.ruleId ?? ''}|${p.message}`;

/** Whether `after` has a problem (rule and message) more often than `before`. */
function newProblems(before: EslintProblem[], after: EslintProblem[]): EslintProblem[] {
  const left = new Map<string, number>();
  for (const p of before) left.set(key(p), (left.get(key(p)) ?? 0) + 1);
  const out: EslintProblem[] = [];
  for (const p of after) {
    const n = left.get(key(p)) ?? 0;
    if (n > 0) left.set(key(p), n - 1);
    else out.push(p);
  }
  return out;
}

export async function runEslintFix(problems: EslintTarget[], ctx: CapabilityContext): Promise<StepResult> {
  let config: string | null = null;
  for (const name of FLAT_CONFIGS) if (await ctx.workspace.exists(name)) config ??= name;
  if (!config)
    throw new AgentdError(
      'fix_refused',
      'debugging.fix staged nothing: the error is ESLint output but the workspace has no ESLint flat config (eslint.config.*) to re-check a fix with.',
    );
  if (!ctx.permissions.projectCode)
    throw new AgentdError(
      'fix_refused',
      `debugging.fix staged nothing: fixing ESLint problems runs the project's ESLint config "${config}" (the project's code), and project code is not allowed for this job.`,
    );
  const byFile = new Map<string, EslintTarget[]>();
  const unresolved: string[] = [];
  for (const p of problems) {
    const file = await workspacePath(ctx, p.path);
    if (!file) unresolved.push(p.path);
    else byFile.set(file, [...(byFile.get(file) ?? []), { ...p, path: file }]);
  }
  if (byFile.size === 0)
    throw new AgentdError(
      'fix_refused',
      `debugging.fix staged nothing: no file of the workspace matches ${unresolved.slice(0, 3).join(', ')}.`,
    );
  const request: EslintFixRequest = { files: [] };
  for (const [file, targets] of byFile)
    request.files.push({
      path: file,
      content: await ctx.workspace.read(file),
      targets: targets.map((t) => ({ line: t.line, ruleId: t.ruleId })),
    });
  ctx.progress(20, `fixing ${problems.length} ESLint problem(s) with ${config}`);
  const ran = await ctx.tools.runCommand(process.execPath, [RUNNER, config], {
    stdin: JSON.stringify(request),
    timeoutMs: 5 * 60_000,
    maxOutputBytes: 64 * 1024 * 1024,
    readOnlyWorkspace: true,
  });
  let output: EslintFixOutput;
  try {
    output = JSON.parse(ran.stdout) as EslintFixOutput;
  } catch {
    output = {
      ok: false,
      message: `exit code ${ran.exitCode}${ran.timedOut ? ', timed out' : ''}: ${ran.stderr.trim().split('\n').slice(-1)[0] ?? ''}`.slice(
        0,
        300,
      ),
    };
  }
  if (!output.ok)
    throw new AgentdError(
      'fix_refused',
      `debugging.fix staged nothing: the project's ESLint config "${config}" could not be run (${output.message}).`,
    );

  const fixed: { file: string; line: number; ruleId: string; by: string }[] = [];
  const refused: { file: string; line: number; ruleId: string; reason: string }[] = [];
  const changedFiles: string[] = [];
  for (const result of output.results) {
    const targets = byFile.get(result.path) ?? [];
    const refuse = (reason: string): void => {
      for (const t of targets) refused.push({ file: result.path, line: t.line, ruleId: t.ruleId, reason });
    };
    if (result.ignored) {
      refuse('the project ESLint config ignores this file');
      continue;
    }
    const reported = targets.filter((t) => result.before.some((b) => b.ruleId === t.ruleId && b.line === t.line));
    if (reported.length === 0) {
      refuse('ESLint does not report this problem now');
      continue;
    }
    if (result.fixed === null) {
      refuse('ESLint has no fix and no single suggestion for it');
      continue;
    }
    // Lines move when a fix adds or removes one: a rule's problems must drop by as many as were fixed.
    const count = (list: EslintProblem[], rule: string): number => list.filter((p) => p.ruleId === rule).length;
    const stillThere = [...new Set(result.applied.map((a) => a.ruleId))].filter(
      (rule) => count(result.after, rule) > count(result.before, rule) - result.applied.filter((a) => a.ruleId === rule).length,
    );
    const added = newProblems(result.before, result.after);
    if (stillThere.length > 0 || added.length > 0) {
      refuse(
        added.length > 0
          ? `the re-check reports a new problem (${added[0]!.ruleId ?? 'parse error'}: ${added[0]!.message.slice(0, 100)} at line ${added[0]!.line})`
          : 'the re-check still reports the problem',
      );
      continue;
    }
    await ctx.workspace.write(result.path, result.fixed);
    changedFiles.push(result.path);
    for (const t of targets) {
      if (result.applied.some((a) => a.line === t.line && a.ruleId === t.ruleId)) continue;
      const why = reported.includes(t) ? 'ESLint has no fix and no single suggestion for it' : 'ESLint does not report this problem now';
      refused.push({ file: result.path, line: t.line, ruleId: t.ruleId, reason: why });
    }
    for (const a of result.applied)
      fixed.push({
        file: result.path,
        line: a.line,
        ruleId: a.ruleId,
        by: a.by === 'fix' ? "ESLint's fix" : `ESLint's suggestion (${a.description ?? ''})`,
      });
  }
  if (fixed.length === 0)
    throw new AgentdError(
      'fix_refused',
      `debugging.fix staged nothing: ${refused
        .slice(0, 5)
        .map((r) => `${r.file}:${r.line} ${r.ruleId}: ${r.reason}`)
        .join('; ')}.`,
    );
  const findings: Finding[] = refused.map((r) => ({
    ruleId: 'debugging/fix-refused',
    severity: 'info',
    file: r.file,
    range: { startLine: r.line, startColumn: 1, endLine: r.line, endColumn: 1 },
    message: `${r.ruleId} not fixed: ${r.reason}`,
  }));
  return {
    summary: `Fixed ${fixed.length} ESLint problem(s) (${fixed.map((f) => `${f.file}:${f.line} ${f.ruleId} by ${f.by}`).join('; ')}), verified by re-running the project's ESLint config "${config}": the problems are gone and none is new.${refused.length > 0 ? ` Not fixed: ${refused.map((r) => `${r.file}:${r.line} ${r.ruleId} (${r.reason})`).join('; ')}.` : ''}`,
    findings,
    data: { fixed, refused, changedFiles, verification: { check: `ESLint with ${config}`, config } },
  };
}
