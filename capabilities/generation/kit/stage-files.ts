/**
 * Staging what a generator writes: each file formatted with the project's own Prettier settings
 * (`ctx.tools.format`: the project's config, else its detected style), then staged in the job's
 * overlay. Nothing is overwritten silently: a file that exists with other content is refused with the
 * reason (`generation_refused`) unless the input asks to propose the change, and then it is a staged
 * diff the user reviews (`v`) before approving.
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';

export interface GeneratedFile {
  path: string;
  content: string;
}

export type OnExisting = 'refuse' | 'propose';

export interface StagedFile {
  path: string;
  /** created: a new file; changed: an existing file whose change is proposed; unchanged: it already had this content. */
  status: 'created' | 'changed' | 'unchanged';
}

/** Input-schema fragment of the overwrite policy, shared by every generator. */
export const onExistingSchema = {
  type: 'string',
  enum: ['refuse', 'propose'],
  default: 'refuse',
  description: 'When a file to generate already exists with other content: refuse (default) or propose the change as a staged diff to review.',
} as const;

const FORMATTED = /\.(?:[cm]?[jt]sx?|json|css|scss|less|md|ya?ml|html|vue|graphql)$/i;

/** Formats and stages `files`; refuses before staging anything when one would overwrite and `onExisting` is 'refuse'. */
export async function stageFiles(ctx: CapabilityContext, files: GeneratedFile[], onExisting: OnExisting = 'refuse'): Promise<StagedFile[]> {
  const formatted: GeneratedFile[] = [];
  for (const file of files) formatted.push({ path: file.path, content: FORMATTED.test(file.path) ? await ctx.tools.format(file.path, file.content) : file.content });
  const existing = new Map<string, string>();
  for (const file of formatted) if (await ctx.workspace.exists(file.path)) existing.set(file.path, await ctx.workspace.read(file.path));
  const clashes = formatted.filter((f) => existing.has(f.path) && existing.get(f.path) !== f.content).map((f) => f.path);
  if (clashes.length > 0 && onExisting === 'refuse') {
    throw new AgentdError('generation_refused', `${clashes.join(', ')} already exist${clashes.length === 1 ? 's' : ''} with other content; nothing was staged. Choose another name or path, or pass onExisting: "propose" to review the change as a diff.`, {
      details: clashes.map((path) => ({ path: '/onExisting', message: `${path} exists` })),
    });
  }
  const staged: StagedFile[] = [];
  for (const file of formatted) {
    const before = existing.get(file.path);
    if (before === file.content) {
      staged.push({ path: file.path, status: 'unchanged' });
      continue;
    }
    await ctx.workspace.write(file.path, file.content);
    staged.push({ path: file.path, status: before === undefined ? 'created' : 'changed' });
  }
  return staged;
}

/** "Created 3 files, proposed a change to 1 (review it), 1 already up to date." */
export function describeStaged(staged: StagedFile[]): string {
  const count = (status: StagedFile['status']): number => staged.filter((s) => s.status === status).length;
  const parts = [`created ${count('created')} file${count('created') === 1 ? '' : 's'}`];
  if (count('changed') > 0) parts.push(`proposed changes to ${count('changed')} existing file${count('changed') === 1 ? '' : 's'} (review the diff)`);
  if (count('unchanged') > 0) parts.push(`${count('unchanged')} already up to date`);
  return parts.join(', ');
}
