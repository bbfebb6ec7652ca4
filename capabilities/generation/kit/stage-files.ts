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
  /** A file another tool owns and writes in its own format (drizzle-kit's journal): staged as given, never reformatted. */
  verbatim?: boolean;
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
  description:
    'When a file to generate already exists with other content: refuse (default) or propose the change as a staged diff to review.',
} as const;

const FORMATTED = /\.(?:[cm]?[jt]sx?|json|css|scss|less|md|ya?ml|html|vue|graphql)$/i;

export interface PreparedFile extends StagedFile {
  /** The content as it would be staged (formatted). */
  content: string;
}

/** Formats `files` and says what staging each would do, writing nothing (a dry run's listing). */
export async function prepareFiles(ctx: CapabilityContext, files: GeneratedFile[]): Promise<PreparedFile[]> {
  const prepared: PreparedFile[] = [];
  for (const file of files) {
    const content = FORMATTED.test(file.path) && !file.verbatim ? await ctx.tools.format(file.path, file.content) : file.content;
    const before = (await ctx.workspace.exists(file.path)) ? await ctx.workspace.read(file.path) : undefined;
    prepared.push({ path: file.path, content, status: before === undefined ? 'created' : before === content ? 'unchanged' : 'changed' });
  }
  return prepared;
}

/** Formats and stages `files`; refuses before staging anything when one would overwrite and `onExisting` is 'refuse'. */
export async function stageFiles(ctx: CapabilityContext, files: GeneratedFile[], onExisting: OnExisting = 'refuse'): Promise<StagedFile[]> {
  const prepared = await prepareFiles(ctx, files);
  const clashes = prepared.filter((f) => f.status === 'changed').map((f) => f.path);
  if (clashes.length > 0 && onExisting === 'refuse') {
    throw new AgentdError(
      'generation_refused',
      `${clashes.join(', ')} already exist${clashes.length === 1 ? 's' : ''} with other content; nothing was staged. Choose another name or path, or pass onExisting: "propose" to review the change as a diff.`,
      {
        details: clashes.map((path) => ({ path: '/onExisting', message: `${path} exists` })),
      },
    );
  }
  for (const file of prepared) if (file.status !== 'unchanged') await ctx.workspace.write(file.path, file.content);
  return prepared.map(({ path, status }) => ({ path, status }));
}

/** "Created 3 files, proposed a change to 1 (review it), 1 already up to date." */
export function describeStaged(staged: StagedFile[]): string {
  const count = (status: StagedFile['status']): number => staged.filter((s) => s.status === status).length;
  const parts = [`created ${count('created')} file${count('created') === 1 ? '' : 's'}`];
  if (count('changed') > 0)
    parts.push(`proposed changes to ${count('changed')} existing file${count('changed') === 1 ? '' : 's'} (review the diff)`);
  if (count('unchanged') > 0) parts.push(`${count('unchanged')} already up to date`);
  return parts.join(', ');
}
