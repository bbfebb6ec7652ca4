/** Orphan files: sources nothing imports that are no entry point by any known convention. */
import path from 'node:path/posix';
import type { ImportGraph } from '../import-graph/import-graph.js';
import { ModuleResolver } from '../import-graph/module-resolver.js';
import { declaredEntries, declaredFolders, isConventionalEntry, type EntryPointFacts } from './entry-points.js';

/** Files named by path literals, and folders (as `dir/` prefixes) loaded through computed paths. */
function referenced(references: ReadonlyMap<string, string[]>, resolver: ModuleResolver): { files: Set<string>; prefixes: string[] } {
  const files = new Set<string>();
  const prefixes: string[] = [];
  for (const [from, list] of references) {
    for (const reference of list) {
      if (reference.endsWith('*')) prefixes.push(path.normalize(path.join(path.dirname(from), reference.slice(0, -1))));
      else {
        const found = resolver.resolve(from, reference);
        if (found) files.add(found);
      }
    }
  }
  return { files, prefixes };
}

export function findOrphans(
  graph: Pick<ImportGraph, 'files' | 'sources' | 'edges' | 'aliases'>,
  facts: EntryPointFacts,
  references: ReadonlyMap<string, string[]> = new Map(),
): string[] {
  const resolver = new ModuleResolver(new Set(graph.files), graph.aliases);
  const imported = new Set(graph.edges.filter((e) => e.from !== e.to).map((e) => e.to));
  const declared = declaredEntries(facts, resolver);
  const byPath = referenced(references, resolver);
  byPath.prefixes.push(...declaredFolders(facts));
  const baseName = (file: string): string =>
    `\0${file
      .split('/')
      .pop()!
      .replace(/\.[^.]+$/, '')}`;
  return graph.sources.filter((file) => {
    // A published package's `require('./x')` resolves to x.d.ts beside x.js; the code it describes is used too.
    const declaration = file.replace(/\.([cm]?)js$/, '.d.$1ts');
    if (
      imported.has(file) ||
      (declaration !== file && imported.has(declaration)) ||
      declared.has(file) ||
      byPath.files.has(file) ||
      isConventionalEntry(file, facts.nextProject)
    )
      return false;
    if (byPath.prefixes.some((prefix) => file.startsWith(prefix))) return false;
    // package.json naming dist/cli.js makes src/cli.ts an entry too.
    return !declared.has(baseName(file));
  });
}
