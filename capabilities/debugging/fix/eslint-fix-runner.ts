/**
 * debugging.fix's ESLint runner: a small program started through `ctx.tools.runCommand` — in agentd's
 * sandbox, never in the daemon — because loading the project's eslint.config.* runs the project's code.
 * For each file it lints the text, applies ESLint's own fix for the targeted problems only (the `fix`
 * predicate of ESLint's API), or, for a targeted problem without a fix that has exactly one suggestion,
 * that suggestion; then lints the result again, so the caller can keep the change only when the
 * problem is gone and nothing new appeared.
 *
 * argv[2]: the config file, relative to the working folder (the workspace root).
 * stdin: `EslintFixRequest`. stdout: one JSON `EslintFixOutput`; what the project's code prints goes to stderr.
 */
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';

export interface EslintProblem {
  ruleId: string | null;
  line: number;
  column: number;
  message: string;
}

export interface EslintFixRequest {
  files: { path: string; content: string; targets: { line: number; ruleId: string }[] }[];
}

export interface EslintFileFix {
  path: string;
  ignored: boolean;
  before: EslintProblem[];
  /** The text with the targeted problems' fixes applied; null when none had a fix or a single suggestion. */
  fixed: string | null;
  after: EslintProblem[];
  /** How each applied target was fixed. */
  applied: { line: number; ruleId: string; by: 'fix' | 'suggestion'; description?: string }[];
}

export type EslintFixOutput = { ok: true; results: EslintFileFix[] } | { ok: false; message: string };

const problems = (messages: Linter.LintMessage[]): EslintProblem[] =>
  messages.map((m) => ({ ruleId: m.ruleId, line: m.line, column: m.column, message: m.message }));

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function fixFile(root: string, config: string, file: EslintFixRequest['files'][number]): Promise<EslintFileFix> {
  const filePath = path.join(root, ...file.path.split('/'));
  const isTarget = (m: { ruleId: string | null; line: number }): boolean =>
    file.targets.some((t) => t.ruleId === m.ruleId && t.line === m.line);
  const plain = new ESLint({ cwd: root, overrideConfigFile: path.join(root, config), errorOnUnmatchedPattern: false });
  if (await plain.isPathIgnored(filePath)) return { path: file.path, ignored: true, before: [], fixed: null, after: [], applied: [] };
  const before = (await plain.lintText(file.content, { filePath }))[0]?.messages ?? [];
  const applied: EslintFileFix['applied'] = [];
  let text = file.content;
  // A problem with no fix and exactly one suggestion: that suggestion (several would be a choice to make),
  // applied first, on the text its ranges refer to; ESLint's fixes are then computed on the result.
  const suggested = before.filter((m) => isTarget(m) && !m.fix && m.suggestions?.length === 1);
  if (suggested.length > 0) {
    for (const m of [...suggested].sort((a, b) => b.suggestions![0]!.fix.range[0] - a.suggestions![0]!.fix.range[0])) {
      const s = m.suggestions![0]!;
      text = text.slice(0, s.fix.range[0]) + s.fix.text + text.slice(s.fix.range[1]);
      applied.push({ line: m.line, ruleId: m.ruleId!, by: 'suggestion', description: s.desc });
    }
  }
  const withFix = before.filter((m) => isTarget(m) && m.fix);
  if (withFix.length > 0) {
    const fixer = new ESLint({
      cwd: root,
      overrideConfigFile: path.join(root, config),
      errorOnUnmatchedPattern: false,
      fix: (m) => isTarget(m),
    });
    const output = (await fixer.lintText(text, { filePath }))[0]?.output;
    if (output !== undefined && output !== text) {
      text = output;
      for (const m of withFix) applied.push({ line: m.line, ruleId: m.ruleId!, by: 'fix' });
    }
  }
  if (applied.length === 0)
    return { path: file.path, ignored: false, before: problems(before), fixed: null, after: problems(before), applied };
  applied.sort((a, b) => a.line - b.line);
  const after = (await plain.lintText(text, { filePath }))[0]?.messages ?? [];
  return { path: file.path, ignored: false, before: problems(before), fixed: text, after: problems(after), applied };
}

async function main(): Promise<void> {
  const answer = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  const root = process.cwd();
  const input = JSON.parse(await readStdin()) as EslintFixRequest;
  let output: EslintFixOutput;
  try {
    const results: EslintFileFix[] = [];
    for (const file of input.files) results.push(await fixFile(root, process.argv[2] ?? 'eslint.config.js', file));
    output = { ok: true, results };
  } catch (error) {
    output = {
      ok: false,
      message: String((error as Error)?.message ?? error)
        .split('\n')[0]!
        .slice(0, 300),
    };
  }
  answer(JSON.stringify(output));
}

await main();
