/**
 * Names the project already exports, so a generator refuses a name that would collide (a second
 * `UserCard`, a `useAuth` hook next to an existing one) instead of writing a shadowing duplicate.
 */
import type { CapabilityContext } from '../../../core/index.js';

const DECLARATION =
  /^\s*export\s+(?:default\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|abstract\s+class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;

export interface ExportedName {
  name: string;
  file: string;
}

/** Every `export <declaration> Name` in the project's sources (one read call). */
export async function exportedNames(ctx: CapabilityContext): Promise<ExportedName[]> {
  const paths = await ctx.workspace.list({
    extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.vue', '.svelte'],
    exclude: ['dist/**', 'build/**', 'coverage/**'],
  });
  const { files } = await ctx.workspace.readMany(paths);
  const names: ExportedName[] = [];
  for (const file of files) for (const match of file.content.matchAll(DECLARATION)) names.push({ name: match[1]!, file: file.path });
  return names;
}

/** The file that already exports `name`, ignoring `exceptIn` (the file being regenerated), or null. */
export async function collidingExport(ctx: CapabilityContext, name: string, exceptIn: string[] = []): Promise<string | null> {
  const found = (await exportedNames(ctx)).find((n) => n.name === name && !exceptIn.includes(n.file));
  return found ? found.file : null;
}
