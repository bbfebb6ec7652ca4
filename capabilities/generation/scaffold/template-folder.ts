/**
 * Where a scaffold's templates are: a name means `.agentd/scaffolds/<name>/` in the workspace, a path
 * (with a "/") is that folder. The folder's files are the templates; `scaffold.json` is its manifest.
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';

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

export async function findTemplateFolder(ctx: CapabilityContext, template: string): Promise<TemplateFolder> {
  const folder = (template.includes('/') ? template : `${SCAFFOLDS_FOLDER}/${template}`).replace(/\/+$/, '');
  const listed = (await ctx.workspace.list({ include: [`${folder}/**`] })).filter((f) => f.startsWith(`${folder}/`)).sort();
  if (listed.length === 0) {
    const offered = await availableScaffolds(ctx);
    const hint = offered.length > 0 ? `scaffolds in ${SCAFFOLDS_FOLDER}/: ${offered.join(', ')}` : `no scaffold folders exist yet: put template files in ${SCAFFOLDS_FOLDER}/<name>/`;
    throw new AgentdError('invalid_input', `template: "${template}" has no template files at ${folder}/ (${hint})`, { details: [{ path: '/template', message: `no files at ${folder}/` }] });
  }
  const relative = listed.map((f) => f.slice(folder.length + 1));
  return { folder, files: relative.filter((f) => f !== MANIFEST), manifest: relative.includes(MANIFEST) ? `${folder}/${MANIFEST}` : null };
}
