/** The project's relative import graph (every relative specifier a file spells, resolved once), shared by the reach and test-only passes. */
import { ModuleResolver } from './resolve-module.js';

export interface ImportGraph {
  imports: Map<string, string[]>;
  importers: Map<string, string[]>;
}

export function importGraph(files: readonly { path: string; specifiers: readonly string[] }[]): ImportGraph {
  const resolver = new ModuleResolver(new Set(files.map((f) => f.path)));
  const imports = new Map<string, string[]>();
  const importers = new Map<string, string[]>();
  for (const f of files) {
    if (f.specifiers.length === 0) continue;
    const targets = new Set<string>();
    for (const s of f.specifiers) {
      const target = resolver.resolve(f.path, s);
      if (target && target !== f.path) targets.add(target);
    }
    imports.set(f.path, [...targets]);
    for (const t of targets) {
      const list = importers.get(t);
      if (list) list.push(f.path);
      else importers.set(t, [f.path]);
    }
  }
  return { imports, importers };
}
