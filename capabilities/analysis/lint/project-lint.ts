/**
 * Linting with the project's own ESLint flat config: the files are linted by eslint-runner.ts in a
 * sandboxed child (ctx.tools.runCommand, project-code permission required), with the workspace mounted
 * read-only where the sandbox can. Each file's result is memoised by its content hash and the config's
 * version, so a re-scan sends only what changed to the child (and starts none when nothing did).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { skippedSources, type CapabilityContext, type Finding, type SourceSelection } from '../../../core/index.js';
import type { RunnerOutput } from './eslint-runner.js';
import type { LintRun } from './run-eslint.js';

const RUNNER = fileURLToPath(new URL('./eslint-runner.js', import.meta.url));
const ESLINT_VERSION = (createRequire(import.meta.url)('eslint/package.json') as { version: string }).version;
const RUNNER_TIMEOUT_MS = 10 * 60_000;
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** One file's memo entry: filled once the child has linted that content (an entry left empty is linted again). */
interface Slot {
  findings?: Finding[];
  ignored?: boolean;
}

/**
 * What the memo key changes with: the config file's text and ESLint's version. Plugins upgraded under an
 * unchanged config are not noticed within one process.
 */
function configVersion(configText: string): string {
  return createHash('sha256').update(`${ESLINT_VERSION}\0${configText}`).digest('hex').slice(0, 16);
}

function contentHash(content: string): string {
  return createHash('sha256').update(content).digest('hex');
}

async function runChild(ctx: CapabilityContext, configFile: string, files: { path: string; content: string }[]): Promise<RunnerOutput> {
  const ran = await ctx.tools.runCommand(process.execPath, [RUNNER, configFile], {
    stdin: JSON.stringify({ files }),
    timeoutMs: RUNNER_TIMEOUT_MS,
    maxOutputBytes: MAX_ANSWER_BYTES,
    readOnlyWorkspace: true,
  });
  try {
    if (ran.exitCode === 0 && !ran.truncated) return JSON.parse(ran.stdout) as RunnerOutput;
  } catch {
    // Reported below with what the child said.
  }
  const said =
    ran.stderr
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('at '))
      .slice(-1)[0] ?? '';
  const why = ran.truncated
    ? `its answer was over ${MAX_ANSWER_BYTES} bytes`
    : ran.timedOut
      ? `it ran past ${RUNNER_TIMEOUT_MS / 1000} s`
      : `exit code ${ran.exitCode}${said ? `: ${said.slice(0, 200)}` : ''}`;
  return { ok: false, stage: 'config', message: `the ESLint run failed (${why})` };
}

/** The findings with the project's config, or the reason it could not be used (the caller falls back). */
export async function lintWithProjectConfig(
  ctx: CapabilityContext,
  paths: string[],
  selection: SourceSelection,
  configFile: string,
): Promise<LintRun | { failed: string }> {
  const version = configVersion(await ctx.workspace.read(configFile));
  const batch = await ctx.workspace.readMany(paths);
  const slots = batch.files.map((file) => ({
    file,
    slot: ctx.tools.memo
      ? ctx.tools.memo(`analysis.lint/project@${version}:${file.path}`, contentHash(file.content), (): Slot => ({}))
      : ({} as Slot),
  }));
  const missing = slots.filter(({ slot }) => slot.findings === undefined);
  if (missing.length > 0) {
    ctx.progress(10, `linting ${missing.length} file(s) with ${configFile}`);
    const output = await runChild(
      ctx,
      configFile,
      missing.map(({ file }) => file),
    );
    if (!output.ok) return { failed: `"${configFile}" could not be loaded (${output.message})` };
    const byPath = new Map(output.results.map((result) => [result.path, result]));
    for (const { file, slot } of missing) {
      const result = byPath.get(file.path);
      if (result) Object.assign(slot, { findings: result.findings, ignored: result.ignored });
    }
  }
  const run: LintRun = {
    findings: [],
    linted: [],
    ignored: [],
    skipped: skippedSources(ctx, selection, batch.skipped, 'analysis.lint'),
    config: { source: 'project', file: configFile },
  };
  for (const { file, slot } of slots) {
    if (slot.ignored) run.ignored.push(file.path);
    else if (slot.findings) {
      run.findings.push(...slot.findings);
      run.linted.push(file.path);
    }
  }
  return run;
}
