/**
 * Ties a catalogue entry to this project: the lines its `look` pattern finds (with the message's
 * quoted names filled in), files the error itself names first, then the rest of the project's sources.
 */
import type { CapabilityContext } from '../../../core/index.js';
import type { ErrorMatch } from './match-error.js';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** Generated code is not where a bug is fixed. */
export const GENERATED = ['dist/**', 'build/**', 'out/**', '.next/**', 'coverage/**', '**/*.min.js', '**/*.d.ts'];

export const SOURCE_MAP_COMMENT = /\/\/[#@] sourceMappingURL=\S+\s*$/;

export interface ProjectLine {
  file: string;
  line: number;
  column: number;
  text: string;
}

export interface SourceSet {
  files: Map<string, string>;
  skipped: number;
}

/** The project's own sources (no node_modules, no build output), read as one counted call. */
export async function readSources(ctx: CapabilityContext, include?: string[], exclude: string[] = [], limit = 2000): Promise<SourceSet> {
  const listed = await ctx.workspace.list({ include, exclude: [...GENERATED, ...exclude], extensions: SOURCE_EXTENSIONS });
  const wanted = listed.slice(0, limit);
  const { files, skipped } = await ctx.workspace.readMany(wanted);
  // Compiled output that maps back to a source (`//# sourceMappingURL=`) is generated too, whatever its folder is called.
  const own = files.filter((f) => !SOURCE_MAP_COMMENT.test(f.content));
  return { files: new Map(own.map((f) => [f.path, f.content])), skipped: skipped.length + (listed.length - wanted.length) };
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The entry's `look` pattern with `$1`.. filled in from the match, or null when it needs a name the message did not give. */
export function lookPattern(match: ErrorMatch): RegExp | null {
  const look = match.entry.look;
  if (!look) return null;
  let missing = false;
  const source = look.replace(/\$(\d)/g, (_, n: string) => {
    const value = match.groups[Number(n) - 1];
    if (!value) missing = true;
    // A path quoted in a message ('./utils/format', '/app/dist/util'): its last segment is what the import names.
    return escape(value ? value.replace(/^.*\/(?=[^/]+$)/, '').replace(/\.(?:js|ts|mjs|cjs)$/, '') : '');
  });
  if (missing) return null;
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/** Up to `max` lines of the sources the pattern finds; files in `preferred` (the ones the error names) first. */
export function findLines(sources: Map<string, string>, pattern: RegExp, preferred: string[], max = 5): ProjectLine[] {
  const order = [...preferred.filter((p) => sources.has(p)), ...[...sources.keys()].filter((p) => !preferred.includes(p)).sort()];
  const out: ProjectLine[] = [];
  for (const file of order) {
    const lines = sources.get(file)!.split(/\r?\n/);
    for (let i = 0; i < lines.length && out.length < max; i++) {
      const m = pattern.exec(lines[i]!);
      if (m) out.push({ file, line: i + 1, column: m.index + 1, text: lines[i]!.trim().slice(0, 200) });
    }
    if (out.length >= max) break;
  }
  return out;
}
