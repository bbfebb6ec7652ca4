/**
 * documentation.readme: a README from the project itself — install, usage (bin), scripts,
 * configuration (environment variables the code reads), API summary (the public entry points'
 * exports) and project facts — each a marked region, so an existing README is updated region by region
 * (missing ones appended at the end) and human text is never rewritten. A new README opens with the
 * package name and its package.json description only. Staged through the workspace (see the diff).
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError, pathSchema } from '../../core/index.js';
import { collectModule } from './api/collect.js';
import { findEntryPoints } from './api/entry-points.js';
import { envVarsOf } from './readme/env-vars.js';
import { mergeSections } from './readme/regions.js';
import { buildSections, header, type ApiEntrySummary, type PackageJson } from './readme/sections.js';
import { loadProgram, toProgramPath } from './ts-program/load-program.js';
import { PLANNING } from './readme/planning.js';

export interface ReadmeInput {
  out?: string;
  apiDoc?: string;
}

export const meta: CapabilityMeta = {
  id: 'documentation.readme',
  group: 'documentation',
  title: 'README',
  description:
    'A README from the project itself (package.json, scripts, bin, environment variables the code reads, the public API, detected facts), merged into an existing README by marked regions instead of overwriting it.',
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      out: pathSchema('The README to write or update (default README.md).'),
      apiDoc: pathSchema('An API reference to link from the API section (default docs/api.md when it exists).'),
    },
  },
  writes: true,
  planning: PLANNING,
};

export async function run(input: ReadmeInput, ctx: CapabilityContext): Promise<StepResult> {
  const out = input.out ?? 'README.md';
  const loaded = await loadProgram(ctx);
  const pkgText = loaded.texts.get('package.json');
  if (!pkgText)
    throw new AgentdError(
      'documentation_refused',
      'No package.json at the workspace root: a README is derived from it (name, description, scripts, bin), and nothing would be left but guesses.',
    );
  const pkg = JSON.parse(pkgText) as PackageJson & Record<string, unknown>;
  ctx.progress(30, 'collecting the public API');
  const found = findEntryPoints(pkg, new Set(loaded.texts.keys()), loaded.options);
  const api: ApiEntrySummary[] = [];
  for (const entry of found.entries) {
    const source = loaded.program.getSourceFile(toProgramPath(entry.file));
    if (!source) continue;
    api.push({
      specifier: entry.subpath === '.' ? (pkg.name ?? entry.file) : `${pkg.name ?? ''}/${entry.subpath.replace(/^\.\//, '')}`,
      symbols: collectModule(loaded.checker, source),
    });
  }
  const sources = loaded.program.getSourceFiles().filter((s) => loaded.texts.has(s.fileName.replace(/^\/+/, '')));
  const env = envVarsOf(sources);
  const apiDoc = input.apiDoc ?? ((await ctx.workspace.exists('docs/api.md')) ? 'docs/api.md' : null);
  const sections = buildSections(pkg, ctx.project, api, env, apiDoc);
  const existing = (await ctx.workspace.exists(out)) ? await ctx.workspace.read(out) : null;
  const merged = mergeSections(existing ?? header(pkg, ctx.project.name ?? 'Project'), sections);
  if (merged.text !== existing) await ctx.workspace.write(out, merged.text);
  ctx.progress(100, 'done');
  const what = [
    merged.replaced.length ? `updated ${merged.replaced.join(', ')}` : '',
    merged.appended.length ? `${existing === null ? 'wrote' : 'appended'} ${merged.appended.join(', ')}` : '',
    merged.unchanged.length ? `unchanged ${merged.unchanged.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return {
    summary: `${existing === null ? 'Created' : merged.text === existing ? 'Unchanged' : 'Updated'} ${out} (${what}).${existing !== null ? ' Text outside the agentd regions is kept as written.' : ''}`,
    data: {
      out,
      sections: sections.map((s) => s.id),
      replaced: merged.replaced,
      appended: merged.appended,
      unchanged: merged.unchanged,
      envVars: env,
      entryPoints: found.entries,
    },
  };
}
