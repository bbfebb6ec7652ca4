/**
 * Runs ESLint on the workspace's files through `lintText`, so the content linted is what the job sees
 * (staged overlay changes included), not what is on disk. The files are read as one batch (one counted
 * call) and each file's findings are memoised, so a re-scan lints only what changed.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { ESLint } from 'eslint';
import { skippedSources, type CapabilityContext, type Finding, type SkippedSource, type SourceSelection } from '../../../core/index.js';
import { recommendedConfig } from './eslint-configs.js';
import { projectConfigFile } from './project-config.js';
import { resultFindings } from './normalise.js';

export interface LintRun {
  findings: Finding[];
  linted: string[];
  ignored: string[];
  skipped: SkippedSource[];
  config: { source: 'project' | 'recommended' | 'builtin'; file: string | null; typescript?: boolean; fallbackReason?: string; rules?: string[] };
}

async function createEslint(ctx: CapabilityContext, useProjectConfig: boolean): Promise<{ eslint: ESLint; config: LintRun['config'] }> {
  const root = ctx.workspace.root;
  const configFile = useProjectConfig ? await projectConfigFile(ctx) : undefined;
  if (configFile) {
    const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, configFile), errorOnUnmatchedPattern: false });
    try {
      // Loading happens lazily; ask for one file's config now so a broken config falls back here.
      await eslint.calculateConfigForFile(path.join(root, 'index.js'));
      return { eslint, config: { source: 'project', file: configFile } };
    } catch (error) {
      const reason = `"${configFile}" could not be loaded (${(error as Error).message.split('\n')[0]})`;
      ctx.log('warn', `analysis.lint: ${reason}; using agentd's recommended config instead.`);
      const recommended = await recommendedConfig();
      return { eslint: recommendedEslint(root, recommended.config), config: { source: 'recommended', file: null, typescript: recommended.typescript, fallbackReason: reason } };
    }
  }
  const recommended = await recommendedConfig();
  return { eslint: recommendedEslint(root, recommended.config), config: { source: 'recommended', file: null, typescript: recommended.typescript } };
}

function recommendedEslint(root: string, config: ESLint.Options['overrideConfig']): ESLint {
  return new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config, errorOnUnmatchedPattern: false });
}

/**
 * What the memo key must change with: the config file's text (or agentd's recommended config) and
 * ESLint's version. Plugins upgraded under an unchanged config are not noticed within one process.
 */
async function configVersion(ctx: CapabilityContext, config: LintRun['config']): Promise<string> {
  const hash = createHash('sha256').update(`${ESLint.version}\0${config.source}\0${config.typescript ?? ''}`);
  if (config.file) hash.update(await ctx.workspace.read(config.file));
  return hash.digest('hex').slice(0, 16);
}

/** Lints the files read in one batch; each file's findings are memoised by its content hash and the config's version. */
export async function lintFiles(ctx: CapabilityContext, files: string[], useProjectConfig: boolean, selection: SourceSelection): Promise<LintRun> {
  const { eslint, config } = await createEslint(ctx, useProjectConfig);
  const batch = await ctx.workspace.readMany(files);
  const run: LintRun = { findings: [], linted: [], ignored: [], skipped: skippedSources(ctx, selection, batch.skipped, 'analysis.lint'), config };
  const version = await configVersion(ctx, config);
  for (const [index, { path: file, content }] of batch.files.entries()) {
    ctx.signal.throwIfAborted();
    const absolute = path.join(ctx.workspace.root, file);
    if (config.source === 'project' && (await eslint.isPathIgnored(absolute))) {
      run.ignored.push(file);
      continue;
    }
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
