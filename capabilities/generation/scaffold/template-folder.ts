/**
 * Where a scaffold's templates are: a name means `.agentd/scaffolds/<name>/` in the workspace, a path
 * (with a "/") is that folder. The folder's files are the templates; `scaffold.json` is its manifest.
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import { kebabCase } from '../kit/index.js';

export const SCAFFOLDS_FOLDER = '.agentd/scaffolds';
export const MANIFEST = 'scaffold.json';

export interface TemplateFolder {
  folder: string;
  /** Template files, relative to the folder, sorted; the manifest is not among them. */
  files: string[];
  manifest: string | null;
}

/** The scaffolds the workspace offers (names under .agentd/scaffolds/). */
export async function availableScaffolds(ctx: CapabilityContext): Promise<string[]> {
  const files = await ctx.workspace.list({ include: [`${SCAFFOLDS_FOLDER}/**`] });
  return [...new Set(files.map((f) => f.slice(SCAFFOLDS_FOLDER.length + 1).split('/')[0]!))].sort();
}

const folderOf = (template: string): string => (template.includes('/') ? template : `${SCAFFOLDS_FOLDER}/${template}`).replace(/\/+$/, '');

async function listFolder(ctx: CapabilityContext, folder: string): Promise<string[]> {
  return (await ctx.workspace.list({ include: [`${folder}/**`] })).filter((f) => f.startsWith(`${folder}/`)).sort();
}

/** A scaffold name as a task writes it ("Feature", "CRUD module") matched to a folder name ("feature", "crud-module"). */
const loose = (name: string): string => kebabCase(name);

export async function findTemplateFolder(ctx: CapabilityContext, template: string): Promise<TemplateFolder> {
  let folder = folderOf(template);
  let listed = await listFolder(ctx, folder);
  if (listed.length === 0 && !template.includes('/')) {
    const match = (await availableScaffolds(ctx)).find((name) => loose(name) === loose(template));
    if (match) {
      folder = folderOf(match);
      listed = await listFolder(ctx, folder);
    }
  }
  if (listed.length === 0) {
    const offered = await availableScaffolds(ctx);
    const hint =
      offered.length > 0
        ? `scaffolds in ${SCAFFOLDS_FOLDER}/: ${offered.join(', ')}`
        : `no scaffold folders exist yet: put template files in ${SCAFFOLDS_FOLDER}/<name>/`;
    throw new AgentdError('invalid_input', `template: "${template}" has no template files at ${folder}/ (${hint})`, {
      details: [{ path: '/template', message: `no files at ${folder}/` }],
    });
  }
  const relative = listed.map((f) => f.slice(folder.length + 1));
  return { folder, files: relative.filter((f) => f !== MANIFEST), manifest: relative.includes(MANIFEST) ? `${folder}/${MANIFEST}` : null };
}
