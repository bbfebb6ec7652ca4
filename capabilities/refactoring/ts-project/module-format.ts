/**
 * ts-morph builds its TypeScript source files without `impliedNodeFormat`, so under
 * `module: node16/nodenext` every file would be treated as CommonJS: ESM-only errors (a relative
 * import without its ".js" ending) go unseen and generated imports lose their endings. This sets the
 * format on each source file the way TypeScript decides it: .mts/.mjs are ESM, .cts/.cjs CommonJS,
 * others follow the "type" of the nearest package.json.
 */
import { posix } from 'node:path';
import { ts, type Project } from 'ts-morph';
import { toWorkspacePath } from './load-project.js';

export function setModuleFormats(project: Project, originals: Map<string, string>): void {
  const kind = project.getCompilerOptions().module;
  if (kind === undefined || kind < ts.ModuleKind.Node16 || kind > ts.ModuleKind.NodeNext) return;
  const typeOf = packageTypes(originals);
  for (const file of project.getSourceFiles()) {
    const node = file.compilerNode as { impliedNodeFormat?: ts.ResolutionMode };
    if (node.impliedNodeFormat !== undefined) continue;
    node.impliedNodeFormat = formatOf(toWorkspacePath(file.getFilePath()), typeOf);
  }
}

function formatOf(rel: string, typeOf: (dir: string) => string | undefined): ts.ResolutionMode {
  if (/\.m[jt]s$/.test(rel)) return ts.ModuleKind.ESNext;
  if (/\.c[jt]s$/.test(rel)) return ts.ModuleKind.CommonJS;
  return typeOf(posix.dirname(rel)) === 'module' ? ts.ModuleKind.ESNext : ts.ModuleKind.CommonJS;
}

/** The "type" of the nearest package.json above a folder (cached per folder). */
function packageTypes(originals: Map<string, string>): (dir: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  const lookup = (dir: string): string | undefined => {
    if (cache.has(dir)) return cache.get(dir);
    const manifest = originals.get(dir === '.' ? 'package.json' : `${dir}/package.json`);
    let type: string | undefined;
    if (manifest !== undefined) {
      try {
        type = (JSON.parse(manifest) as { type?: string }).type ?? 'commonjs';
      } catch {
        type = 'commonjs';
      }
    } else if (dir !== '.') type = lookup(posix.dirname(dir));
    cache.set(dir, type);
    return type;
  };
  return lookup;
}
