/**
 * The taint engine's side of cross-file taint: which calls go to functions of relative modules
 * (`import { f } from './db.js'`, `const db = require('./db')`), what the scan records about them for
 * the project scan (which arguments carried input), and the summaries the project scan hands back.
 * Only plain data crosses files, so each file's part stays memoisable by content hash.
 */
import { field, unwrap, type Node } from '../syntax/tree.js';
import { textOf, type SourceFile } from '../syntax/source-file.js';
import type { ImportBinding } from '../syntax/imports.js';
import type { Summary } from './types.js';
import type { Value } from './value.js';

/** A call to an imported function: the module as written, the member (export name) and what was passed. */
export interface ImportedCall {
  module: string;
  member: string;
  /** Argument positions that carried input (a source, a parameter of the caller, or a request object). */
  tainted: number[];
  /** Whether any argument carried a real source (not only a caller's parameter). */
  source: boolean;
}

/** A re-export: `name` of this module is `member` of `module`. */
export interface ModuleReexport {
  name: string;
  module: string;
  member: string;
}

/** One file's cross-file facts: summaries of its exported functions (non-trivial ones), its re-exports, its calls into relative modules. */
export interface ModuleTaint {
  exports: Record<string, Summary>;
  reexports: ModuleReexport[];
  calls: ImportedCall[];
  /** The file reported HTML that is neither constant nor sanitised: an imported function that returns safe markup can clear it. */
  markup?: boolean;
}

/** Summaries of imported functions the project scan resolved, by `importKey(module, member)`. */
export type ImportedSummaries = ReadonlyMap<string, Summary>;

export const importKey = (module: string, member: string): string => `${module}\0${member}`;

/** Local names bound to relative modules (`./x`, `../y`): the only imports whose functions are followed. */
export function relativeBindings(imports: readonly ImportBinding[]): Map<string, ImportBinding> {
  const out = new Map<string, ImportBinding>();
  for (const b of imports) if (b.module.startsWith('.') && !out.has(b.local)) out.set(b.local, b);
  return out;
}

/**
 * The export a callee names: `f()` (named, default or CommonJS `require`d function) or `ns.f()`
 * (namespace, `require`d module, default-imported object). Null for anything else.
 */
export function importedMember(
  file: SourceFile,
  bindings: ReadonlyMap<string, ImportBinding>,
  callee: Node,
): { module: string; member: string } | null {
  const node = unwrap(callee);
  if (node.type === 'identifier') {
    const b = bindings.get(textOf(file, node));
    return b ? { module: b.module, member: b.imported === '*' ? 'default' : b.imported } : null;
  }
  if (node.type !== 'member_expression') return null;
  const object = unwrap(field(node, 'object')!);
  if (object.type !== 'identifier') return null;
  const b = bindings.get(textOf(file, object));
  if (!b || (b.imported !== '*' && b.imported !== 'default')) return null;
  const property = textOf(file, field(node, 'property')!);
  return { module: b.module, member: b.imported === '*' ? property : `default.${property}` };
}

export function recordCall(calls: Map<string, ImportedCall>, module: string, member: string, args: readonly Value[]): void {
  const tainted: number[] = [];
  let source = false;
  args.forEach((a, i) => {
    if (a.flows.length === 0 && !a.request) return;
    tainted.push(i);
    if (a.request || a.flows.some((f) => f.param === undefined)) source = true;
  });
  const key = importKey(module, member);
  const known = calls.get(key);
  if (!known) calls.set(key, { module, member, tainted, source });
  else {
    known.tainted = [...new Set([...known.tainted, ...tainted])].sort((a, b) => a - b);
    known.source ||= source;
  }
}

/** Whether a summary can change anything for a call that passed input in `tainted` (and a source when `source`). */
export function summaryMatters(summary: Summary, call: Pick<ImportedCall, 'tainted'>, markup = false): boolean {
  if (summary.returns.flows.some((f) => f.param === undefined)) return true; // returns input of its own
  if (markup && returnsSafeMarkup(summary)) return true; // `createMarkup()` of another module sanitises or returns constants
  return (
    summary.paramSinks.some((s) => call.tainted.includes(s.param)) ||
    summary.returns.flows.some((f) => f.param !== undefined && call.tainted.includes(f.param))
  );
}

/** The summary as another file sees it: every evidence step names this file (steps from further modules already do). */
export function stampFile(summary: Summary, path: string): Summary {
  const steps = <T extends { file?: string }>(list: T[]): T[] => list.map((s) => (s.file ? s : { ...s, file: path }));
  return {
    returns: { ...summary.returns, flows: summary.returns.flows.map((f) => ({ ...f, steps: steps(f.steps) })) },
    paramSinks: summary.paramSinks.map((ps) => ({ ...ps, flow: { ...ps.flow, steps: steps(ps.flow.steps) } })),
  };
}

export function returnsSafeMarkup(summary: Summary): boolean {
  return summary.returns.safe.includes('html');
}

export function isTrivial(summary: Summary): boolean {
  return summary.paramSinks.length === 0 && summary.returns.flows.length === 0 && !returnsSafeMarkup(summary);
}
