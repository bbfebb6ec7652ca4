/**
 * Cross-file taint: a fix-point over the import graph. Every file was scanned alone first (its taint
 * part records summaries of its exported functions and its calls into relative modules). A file is
 * scanned again, with the summaries of the functions it calls, only when
 *  - it can matter: it passes a real source to a relative module's function, calls one that returns
 *    input of its own, or is imported (transitively) by such a file, and
 *  - a summary it would receive can change something for the call (the argument carried input to a
 *    parameter that reaches a sink or the return value).
 * Dependencies are visited first, so an acyclic graph settles in one round (the next only confirms);
 * cycles get at most MAX_ROUNDS. Each re-scan is memoised by the file's hash plus a digest of the
 * summaries it received, so an unchanged project re-links from the memo.
 */
import { createHash } from 'node:crypto';
import type { ParsedFile } from '../../../../core/index.js';
import { importKey, returnsSafeMarkup, summaryMatters, type ImportedCall, type ModuleTaint } from '../taint/module-link.js';
import type { Summary } from '../taint/types.js';
import { scanTaint, SCANNER_VERSION, type Profile, type TaintScan } from '../scan-file.js';
import { ModuleResolver } from './resolve-module.js';

const MAX_ROUNDS = 6;
const MAX_REEXPORT_DEPTH = 6;

/** Runs a re-scan through the per-file memo: `key` and `hash` identify the file and what it received. */
export type MemoRun = (key: string, unit: { path: string; hash: string }, compute: () => TaintScan) => TaintScan;

export function linkTaint(
  files: readonly ParsedFile[],
  alone: ReadonlyMap<string, TaintScan>,
  memo: MemoRun,
  profile: Profile = 'default',
): Map<string, TaintScan> {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const resolver = new ModuleResolver(new Set(byPath.keys()));
  const results = new Map(alone);
  const current = new Map([...alone].map(([path, scan]) => [path, scan.module]));
  const lastDigest = new Map<string, string>();

  /** The summary of `member` of `path`, following re-exports; `via` collects the files consulted. */
  const exported = (path: string, member: string, via: Set<string>, depth = 0): Summary | undefined => {
    const module = current.get(path);
    if (!module || depth > MAX_REEXPORT_DEPTH) return undefined;
    via.add(path);
    const own = Object.hasOwn(module.exports, member) ? module.exports[member] : undefined;
    if (own) return own;
    for (const r of module.reexports) {
      if (r.name !== member && !(r.name === '*' && member !== 'default')) continue;
      const target = resolver.resolve(path, r.module);
      const found = target ? exported(target, r.name === '*' ? member : r.member, via, depth + 1) : undefined;
      if (found) return found;
    }
    return undefined;
  };
  const targetOf = (path: string, call: ImportedCall, via: Set<string>): Summary | undefined => {
    const target = resolver.resolve(path, call.module);
    return target ? exported(target, call.member, via) : undefined;
  };

  // Nothing passes input into another module (library code, most scripts): nothing to link.
  if (closure([...current.keys()], current, targetOf).size === 0) return results;
  const order = dependencyOrder(files, (path) => {
    const deps = new Set<string>();
    for (const c of current.get(path)?.calls ?? []) targetOf(path, c, deps);
    for (const r of current.get(path)?.reexports ?? []) {
      const t = resolver.resolve(path, r.module);
      if (t) deps.add(t);
    }
    deps.delete(path);
    return [...deps];
  });

  for (let round = 0; round < MAX_ROUNDS; round++) {
    const relevant = closure(order, current, targetOf);
    let changed = false;
    for (const path of order) {
      if (!relevant.has(path)) continue;
      const imported = new Map<string, Summary>();
      for (const call of current.get(path)!.calls) {
        const summary = targetOf(path, call, new Set());
        if (summary && summaryMatters(summary, call, current.get(path)!.markup)) imported.set(importKey(call.module, call.member), summary);
      }
      const file = byPath.get(path)!;
      if (imported.size === 0 && !lastDigest.has(path)) continue;
      const digest = digestOf(file.hash, imported);
      if (lastDigest.get(path) === digest) continue;
      lastDigest.set(path, digest);
      const scan =
        imported.size === 0
          ? alone.get(path)!
          : memo(`analysis.security@${SCANNER_VERSION}:linked:${profile}`, { path, hash: digest }, () =>
              scanTaint(file, imported, profile),
            );
      results.set(path, scan);
      if (JSON.stringify(scan.module) !== JSON.stringify(current.get(path))) changed = true;
      current.set(path, scan.module);
    }
    if (!changed) break;
  }
  return results;
}

/**
 * The files whose re-scan can change a finding: those that pass a real source into a relative module,
 * call a function that returns input of its own, or report unsanitised HTML and call a function that
 * returns safe markup; and every file they reach through their calls.
 */
function closure(
  order: readonly string[],
  current: ReadonlyMap<string, ModuleTaint>,
  targetOf: (path: string, call: ImportedCall, via: Set<string>) => Summary | undefined,
): Set<string> {
  const out = new Set<string>();
  const queue: string[] = [];
  for (const path of order) {
    const module = current.get(path);
    const active = (module?.calls ?? []).some((c) => {
      if (c.source) return true;
      const summary = targetOf(path, c, new Set());
      return (
        (summary?.returns.flows.some((f) => f.param === undefined) ?? false) ||
        (module?.markup === true && summary !== undefined && returnsSafeMarkup(summary))
      );
    });
    if (active) {
      out.add(path);
      queue.push(path);
    }
  }
  while (queue.length > 0) {
    const path = queue.pop()!;
    for (const call of current.get(path)?.calls ?? []) {
      if (call.tainted.length === 0) continue;
      const via = new Set<string>();
      targetOf(path, call, via);
      for (const dep of via) {
        if (out.has(dep)) continue;
        out.add(dep);
        queue.push(dep);
      }
    }
  }
  return out;
}

/** Files in post-order of their dependencies (dependencies first), ties broken by path: deterministic. */
function dependencyOrder(files: readonly ParsedFile[], depsOf: (path: string) => string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (start: string): void => {
    // Iterative DFS: import chains in real projects can be deeper than is safe to recurse.
    const stack: { path: string; deps: string[]; next: number }[] = [{ path: start, deps: depsOf(start).sort(), next: 0 }];
    seen.add(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.next < top.deps.length) {
        const dep = top.deps[top.next++]!;
        if (!seen.has(dep)) {
          seen.add(dep);
          stack.push({ path: dep, deps: depsOf(dep).sort(), next: 0 });
        }
      } else {
        out.push(top.path);
        stack.pop();
      }
    }
  };
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) if (!seen.has(f.path)) visit(f.path);
  return out;
}

function digestOf(hash: string, imported: ReadonlyMap<string, Summary>): string {
  const h = createHash('sha256').update(hash);
  for (const key of [...imported.keys()].sort()) h.update(key).update(JSON.stringify(imported.get(key)));
  return h.digest('hex');
}
