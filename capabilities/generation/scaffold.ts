/**
 * generation.scaffold: a set of files from the project's own template folder (Plop/Hygen-like):
 * `.agentd/scaffolds/<name>/` holds template files whose contents AND paths are Handlebars templates
 * (`src/{{kebab name}}/index.ts.hbs` -> `src/user-card/index.ts`), and an optional `scaffold.json`
 * declaring variables (type, default, required, pattern) and per-file conditions. A dry run lists what
 * would be created, changed or left as is and stages nothing; otherwise files are formatted with the
 * project's settings and staged, never overwriting silently (the generation kit).
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError, pathSchema } from '../../core/index.js';
import { describeStaged, onExistingSchema, prepareFiles, stageFiles, type GeneratedFile, type OnExisting } from './kit/index.js';
import { conditionHolds, parseManifest, resolveVariables, type ScaffoldManifest } from './scaffold/manifest.js';
import { findTemplateFolder } from './scaffold/template-folder.js';
import { renderScaffoldText } from './scaffold/template-engine.js';
import { PLANNING } from './scaffold/planning.js';

export interface ScaffoldInput {
  template: string;
  variables?: Record<string, string | number | boolean>;
  destination?: string;
  dryRun?: boolean;
  onExisting?: OnExisting;
}

export const meta: CapabilityMeta = {
  id: 'generation.scaffold',
  group: 'generation',
  title: 'Scaffold from template',
  description:
    "A set of files from the project's own template folder (.agentd/scaffolds/<name>/: Handlebars in file contents and paths, scaffold.json for variables and conditions), with a dry-run listing; formatted with the project's settings, never overwriting silently.",
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['template'],
    properties: {
      template: {
        type: 'string',
        minLength: 1,
        maxLength: 300,
        pattern: '^(?!/)(?!.*(^|/)\\.\\.(/|$)).+$',
        description: 'A scaffold name (a folder of .agentd/scaffolds/) or a workspace path to a template folder.',
      },
      variables: {
        type: 'object',
        maxProperties: 100,
        additionalProperties: { type: ['string', 'number', 'boolean'] },
        description: 'Values of the template variables (scaffold.json declares them, with defaults).',
      },
      destination: pathSchema('Folder the rendered paths are relative to (default: the workspace root).'),
      dryRun: { type: 'boolean', default: false, description: 'List what would be created or changed, stage nothing.' },
      onExisting: onExistingSchema,
    },
  },
  writes: true,
  planning: PLANNING,
};

const join = (destination: string | undefined, rel: string): string =>
  destination && destination !== '.' ? `${destination.replace(/\/+$/, '')}/${rel}` : rel;

function renderFiles(
  folder: string,
  files: string[],
  texts: Map<string, string>,
  manifest: ScaffoldManifest,
  variables: Record<string, unknown>,
  destination?: string,
): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  for (const file of files) {
    const rule = manifest.files.find((r) => r.from === file);
    if (rule && !conditionHolds(rule.when, variables)) continue;
    const target = renderScaffoldText(file, variables, `the path of ${folder}/${file}`).replace(/\.hbs$/, '');
    if (target.split('/').some((segment) => segment === '' || segment === '..' || segment === '.')) {
      throw new AgentdError(
        'invalid_input',
        `scaffold template ${folder}/${file}: its path renders to "${target}", which has an empty, "." or ".." segment (is a variable empty?)`,
        { details: [{ path: '/variables', message: `${file} -> ${target}` }] },
      );
    }
    out.push({ path: join(destination, target), content: renderScaffoldText(texts.get(file)!, variables, `${folder}/${file}`) });
  }
  const seen = new Map<string, string>();
  for (const [i, file] of out.entries()) {
    if (seen.has(file.path))
      throw new AgentdError('invalid_input', `scaffold: two templates render to ${file.path} (${seen.get(file.path)} and ${files[i]})`);
    seen.set(file.path, files[i]!);
  }
  return out;
}

export async function run(input: ScaffoldInput, ctx: CapabilityContext): Promise<StepResult> {
  const found = await findTemplateFolder(ctx, input.template);
  const manifest: ScaffoldManifest = found.manifest
    ? parseManifest(found.manifest, await ctx.workspace.read(found.manifest))
    : { variables: {}, files: [] };
  for (const rule of manifest.files)
    if (!found.files.includes(rule.from))
      throw new AgentdError('invalid_input', `${found.manifest}: files names "${rule.from}", which is not in ${found.folder}/`);
  const variables = resolveVariables(manifest, input.variables ?? {});
  const { files: read } = await ctx.workspace.readMany(found.files.map((f) => `${found.folder}/${f}`));
  const texts = new Map(read.map((f) => [f.path.slice(found.folder.length + 1), f.content]));
  const unreadable = found.files.filter((f) => !texts.has(f));
  if (unreadable.length > 0)
    throw new AgentdError(
      'invalid_input',
      `scaffold: ${unreadable.map((f) => `${found.folder}/${f}`).join(', ')} could not be read as text templates (binary or over 100 KB)`,
    );
  const generated = renderFiles(found.folder, found.files, texts, manifest, variables, input.destination);
  const skipped = found.files.length - generated.length;
  const skippedText = skipped > 0 ? ` ${skipped} template file${skipped === 1 ? '' : 's'} left out by scaffold.json conditions.` : '';
  if (input.dryRun) {
    const prepared = await prepareFiles(ctx, generated);
    const clashes = prepared.filter((p) => p.status === 'changed');
    const blocked = clashes.length > 0 && (input.onExisting ?? 'refuse') === 'refuse';
    const listing = prepared.map(
      (p) =>
        `${p.status === 'created' ? 'create' : p.status === 'changed' ? (blocked ? 'exists (would refuse)' : 'change (diff)') : 'unchanged'} ${p.path}`,
    );
    return {
      summary: `Dry run of scaffold "${input.template}": ${prepared.filter((p) => p.status === 'created').length} to create, ${clashes.length} existing with other content${blocked ? ' (a real run would refuse)' : ''}, ${prepared.filter((p) => p.status === 'unchanged').length} unchanged; nothing staged.${skippedText}`,
      data: { dryRun: true, template: found.folder, variables, files: prepared.map(({ path, status }) => ({ path, status })), listing },
    };
  }
  const staged = await stageFiles(ctx, generated, input.onExisting ?? 'refuse');
  return {
    summary: `Scaffold "${input.template}": ${describeStaged(staged)}.${skippedText}`,
    data: { dryRun: false, template: found.folder, variables, files: staged },
  };
}
