/**
 * agentd's ESLint runner: a small program analysis.lint starts through `ctx.tools.runCommand` — in
 * agentd's sandbox (core/sandbox), never in the daemon or the executor — because loading the project's
 * eslint.config.* RUNS the project's code (the config file and every plugin it imports).
 *
 * argv[2]: the config file, relative to the working folder (the workspace root).
 * stdin: `{ files: [{ path, content }] }` — the job's view of the files (staged changes included).
 * stdout: one JSON `RunnerOutput`. Whatever the project's code prints goes to stderr instead, so it
 * cannot corrupt the answer (it could only fake its own findings, which it decides anyway).
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import type { Finding } from '../../../core/contracts/index.js';
import { resultFindings } from './normalise.js';

export interface RunnerFileResult {
  path: string;
  ignored: boolean;
  findings: Finding[];
}

export type RunnerOutput = { ok: true; results: RunnerFileResult[] } | { ok: false; stage: 'config'; message: string };

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function lintAll(eslint: ESLint, root: string, files: { path: string; content: string }[]): Promise<RunnerFileResult[]> {
  const results: RunnerFileResult[] = [];
  for (const file of files) {
    const absolute = path.join(root, ...file.path.split('/'));
    if (await eslint.isPathIgnored(absolute)) {
      results.push({ path: file.path, ignored: true, findings: [] });
      continue;
    }
    const lint = await eslint.lintText(file.content, { filePath: absolute, warnIgnored: false });
    const docs = eslint.getRulesMetaForResults(lint) as Record<string, { docs?: { url?: string; description?: string } }>;
    const flat = Object.fromEntries(Object.entries(docs).map(([id, meta]) => [id, meta?.docs ?? {}]));
    results.push({ path: file.path, ignored: false, findings: lint.flatMap((result) => resultFindings(file.path, result, flat)) });
  }
  return results;
}

async function main(): Promise<void> {
  const answer = process.stdout.write.bind(process.stdout);
  process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
  const root = process.cwd();
  const input = JSON.parse(await readStdin()) as { files: { path: string; content: string }[] };
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: path.join(root, process.argv[2] ?? 'eslint.config.js'),
    errorOnUnmatchedPattern: false,
  });
  let output: RunnerOutput;
  try {
    // Loading happens lazily; ask for one file's config now so a broken config is reported as such.
    await eslint.calculateConfigForFile(path.join(root, 'index.js'));
    output = { ok: true, results: await lintAll(eslint, root, input.files) };
  } catch (error) {
    output = {
      ok: false,
      stage: 'config',
      message: String((error as Error)?.message ?? error)
        .split('\n')[0]!
        .slice(0, 300),
    };
  }
  answer(JSON.stringify(output));
}

await main();
