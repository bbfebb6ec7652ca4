/** Per-file facts the sink table needs: which local names come from child_process, fs, vm, Next. */
import { collectImports, localsFrom, type ImportBinding } from '../syntax/imports.js';
import { field, namedChildren, unwrap } from '../syntax/tree.js';
import { textOf, type SourceFile } from '../syntax/source-file.js';
import { dottedName } from '../syntax/names.js';
import { forEachOfType } from '../../../../core/index.js';

export interface FileFacts {
  imports: ImportBinding[];
  /** local name -> child_process member ('*' or 'default' for the module itself) */
  childProcess: Map<string, string>;
  fs: Map<string, string>;
  vm: Map<string, string>;
  /** Local names of Next's `redirect` (next/navigation). */
  nextRedirect: Set<string>;
}

const FS_MODULES = ['fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'fs-extra', 'graceful-fs'];

export function collectFacts(file: SourceFile): FileFacts {
  const imports = collectImports(file);
  const childProcess = localsFrom(imports, ['child_process', 'node:child_process']);
  const fs = localsFrom(imports, FS_MODULES);
  const vm = localsFrom(imports, ['vm', 'node:vm']);
  const nextRedirect = new Set([...localsFrom(imports, ['next/navigation'], ['redirect', 'permanentRedirect']).keys()]);
  // Without an import (scripts, globals in tests), the usual names still mean the modules.
  for (const [name, map] of [['fs', fs], ['fsp', fs], ['vm', vm], ['child_process', childProcess], ['childProcess', childProcess], ['cp', childProcess]] as const) {
    if (!map.has(name) && !imports.some((b) => b.local === name)) map.set(name, '*');
  }
  addPromisified(file, [childProcess, fs]);
  return { imports, childProcess, fs, vm, nextRedirect };
}

/** `const run = promisify(exec)` / `util.promisify(cp.exec)`: `run` is `exec` too. */
function addPromisified(file: SourceFile, maps: Map<string, string>[]): void {
  forEachOfType(file.root, 'variable_declarator', (n) => {
    if (n.type !== 'variable_declarator') return;
    const name = field(n, 'name');
    const value = field(n, 'value');
    if (name?.type !== 'identifier' || !value) return;
    const init = unwrap(value);
    if (init.type !== 'call_expression' || !/(^|\.)promisify$/.test(dottedName(file, field(init, 'function')!))) return;
    const arg = namedChildren(field(init, 'arguments')!)[0];
    if (!arg) return;
    for (const map of maps) {
      const member = resolveMember(map, dottedName(file, arg));
      if (member) map.set(textOf(file, name), member);
    }
  });
}

/** The module member a callee stands for: `exec` (imported) or `cp.exec` (namespace) -> 'exec'. */
export function resolveMember(map: Map<string, string>, callee: string): string | null {
  const direct = map.get(callee);
  if (direct && direct !== '*' && direct !== 'default') return direct;
  const parts = callee.split('.');
  if (parts.length >= 2) {
    const ns = map.get(parts[0]!);
    if (ns === '*' || ns === 'default' || ns === 'promises') {
      const rest = parts.slice(1).filter((p) => p !== 'promises' && p !== 'default');
      if (rest.length === 1) return rest[0]!;
    }
  }
  return null;
}
