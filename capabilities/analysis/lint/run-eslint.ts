/**
 * Runs ESLint with agentd's recommended config (eslint-configs.ts) in this thread, through `lintText`,
 * so the content linted is what the job sees (staged overlay changes included), not what is on disk.
 * Only agentd's own config and plugins load here; the project's config is its code and is linted in a
 * sandboxed child instead (project-lint.ts). The files are read as one batch (one counted call) and
 * each file's findings are memoised, so a re-scan lints only what changed.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ESLint } from 'eslint';
import { skippedSources, type CapabilityContext, type Finding, type SkippedSource, type SourceSelection } from '../../../core/index.js';
import { recommendedConfig } from './eslint-configs.js';
import { resultFindings } from './normalise.js';

export interface LintRun {
  findings: Finding[];
  linted: string[];
  ignored: string[];
  skipped: SkippedSource[];
  config: {
    source: 'project' | 'recommended' | 'builtin';
    file: string | null;
    typescript?: boolean;
    fallbackReason?: string;
    rules?: string[];
  };
  /** Set when the project has code agentd did not run for lack of the project-code permission: what it did instead. */
  projectCodeNotice?: string;
}

/** Lints the files read in one batch with agentd's recommended config; each file's findings are memoised by its content hash. */
export async function lintWithRecommended(
  ctx: CapabilityContext,
  files: string[],
  selection: SourceSelection,
  fallbackReason?: string,
): Promise<LintRun> {
  const recommended = await recommendedConfig();
  const root = ctx.workspace.root;
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: recommended.config, errorOnUnmatchedPattern: false });
  const config: LintRun['config'] = {
    source: 'recommended',
    file: null,
    typescript: recommended.typescript,
    ...(fallbackReason ? { fallbackReason } : {}),
  };
  const version = createHash('sha256').update(`${ESLint.version}\0recommended\0${recommended.typescript}`).digest('hex').slice(0, 16);
  const batch = await ctx.workspace.readMany(files);
  const run: LintRun = {
    findings: [],
    linted: [],
    ignored: [],
    skipped: skippedSources(ctx, selection, batch.skipped, 'analysis.lint'),
    config,
  };
  for (const [index, { path: file, content }] of batch.files.entries()) {
    ctx.signal.throwIfAborted();
    const absolute = path.join(root, file);
    const compute = async (): Promise<Finding[]> => {
      const results = await eslint.lintText(content, { filePath: absolute, warnIgnored: false });
      const docs = eslint.getRulesMetaForResults(results) as Record<string, { docs?: { url?: string; description?: string } }>;
      const flat = Object.fromEntries(Object.entries(docs).map(([id, meta]) => [id, meta?.docs ?? {}]));
      return results.flatMap((result) => resultFindings(file, result, flat));
    };
    const hash = createHash('sha256').update(content).digest('hex');
    run.findings.push(...(await (ctx.tools.memo ? ctx.tools.memo(`analysis.lint/eslint@${version}:${file}`, hash, compute) : compute())));
    run.linted.push(file);
    if (index % 16 === 0) ctx.progress(Math.round(((index + 1) / batch.files.length) * 100), file);
  }
  return run;
}
