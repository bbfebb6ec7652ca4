/**
 * Runs ESLint on the workspace's files through `lintText`, so the content linted is what the job sees
 * (staged overlay changes included), not what is on disk.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import type { CapabilityContext, Finding } from '../../../core/index.js';
import { FLAT_CONFIG_NAMES, recommendedConfig } from './eslint-configs.js';
import { resultFindings } from './normalise.js';

export interface LintRun {
  findings: Finding[];
  linted: string[];
  ignored: string[];
  skipped: { file: string; reason: string }[];
  config: { source: 'project' | 'recommended'; file: string | null; typescript?: boolean; fallbackReason?: string };
}

async function projectConfigFile(ctx: CapabilityContext): Promise<string | undefined> {
  for (const name of FLAT_CONFIG_NAMES) if (await ctx.workspace.exists(name)) return name;
  return undefined;
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

export async function lintFiles(ctx: CapabilityContext, files: string[], useProjectConfig: boolean): Promise<LintRun> {
  const { eslint, config } = await createEslint(ctx, useProjectConfig);
  const run: LintRun = { findings: [], linted: [], ignored: [], skipped: [], config };
  for (const [index, file] of files.entries()) {
    ctx.signal.throwIfAborted();
    const absolute = path.join(ctx.workspace.root, file);
    if (await eslint.isPathIgnored(absolute)) {
      run.ignored.push(file);
      continue;
    }
    let text: string;
    try {
      text = await ctx.workspace.read(file);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'tool_call_limit' || code === 'cancelled' || ctx.signal.aborted) throw error;
      run.skipped.push({ file, reason: (error as Error).message });
      continue;
    }
    const results = await eslint.lintText(text, { filePath: absolute, warnIgnored: false });
    const docs = eslint.getRulesMetaForResults(results) as Record<string, { docs?: { url?: string; description?: string } }>;
    const flat = Object.fromEntries(Object.entries(docs).map(([id, meta]) => [id, meta?.docs ?? {}]));
    for (const result of results) run.findings.push(...resultFindings(file, result, flat));
    run.linted.push(file);
    ctx.progress(Math.round(((index + 1) / files.length) * 100), file);
  }
  return run;
}
