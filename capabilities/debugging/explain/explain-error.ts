/**
 * The explanations of an error text: each catalogue entry it matches with the project lines that likely
 * cause it (the files the error names first), and whether the project depends on the library an entry
 * is about. Shared by debugging.explain and debugging.diagnose.
 */
import type { CapabilityContext } from '../../../core/index.js';
import type { Category, ErrorFamily } from './entry.js';
import { errorLocations } from './error-locations.js';
import { matchErrors, type ErrorMatch } from './match-error.js';
import { findLines, lookPattern, type ProjectLine } from './project-lines.js';
import { toWorkspacePath } from './resolve-path.js';

export interface Explanation {
  id: string;
  family: ErrorFamily;
  category: Category;
  title: string;
  /** The part of the text this entry recognised, and the names it quotes. */
  matched: string;
  names: string[];
  explanation: string;
  causes: string[];
  fixes: string[];
  /** Lines of this project that likely cause it (by the entry's pattern). */
  projectLines: ProjectLine[];
  /** For library errors: whether package.json lists the library (null: no package.json). */
  projectUsesLibrary?: boolean | null;
  library?: string;
}

export async function dependenciesOf(ctx: CapabilityContext, sources: Map<string, string>): Promise<Set<string> | null> {
  void sources;
  if (!(await ctx.workspace.exists('package.json'))) return null;
  try {
    const pkg = JSON.parse(await ctx.workspace.read('package.json')) as Record<string, Record<string, string> | undefined>;
    return new Set(
      ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) => Object.keys(pkg[k] ?? {})),
    );
  } catch {
    return null;
  }
}

export function explainMatches(
  matches: ErrorMatch[],
  text: string,
  root: string,
  sources: Map<string, string>,
  deps: Set<string> | null,
  maxLines = 5,
): Explanation[] {
  const known = new Set(sources.keys());
  const named = errorLocations(text)
    .filter((l) => !l.external)
    .map((l) => toWorkspacePath(l.path, root, known))
    .filter((p): p is string => p !== null);
  return matches.map((m) => {
    const pattern = lookPattern(m);
    const out: Explanation = {
      id: m.entry.id,
      family: m.entry.family,
      category: m.entry.category,
      title: m.entry.title,
      matched: m.text,
      names: m.groups.filter(Boolean),
      explanation: m.entry.explanation,
      causes: m.entry.causes,
      fixes: m.entry.fixes,
      projectLines: pattern ? findLines(sources, pattern, [...new Set(named)], maxLines) : [],
    };
    if (m.entry.library) {
      out.library = m.entry.library;
      out.projectUsesLibrary = deps === null ? null : deps.has(m.entry.library);
    }
    return out;
  });
}

export { matchErrors };
