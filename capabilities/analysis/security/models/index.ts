/**
 * The library models merged into the tables the rules look things up in: sinks by import path, by
 * method name and by global name; assignment sinks; sanitisers; propagators; sources; secret
 * positions and option rules. Built once, when the module loads; a lookup is a map access.
 */
import { MODELS } from './all-models.js';
import {
  isGlobalCallee,
  isImportCallee,
  isMethodCallee,
  isNewCallee,
  type AssignmentSinkModel,
  type CalleePattern,
  type CallbackSource,
  type HandlerSource,
  type LibraryRole,
  type OptionRule,
  type RequestMember,
  type SecretPosition,
  type SinkModel,
} from './types.js';
import type { SinkKind } from '../taint/value.js';

export { MODELS };

/** Entries of any kind that carry a callee pattern, indexed for the lookups of ./match-callee.ts. */
export interface CalleeIndex<T extends { callee: CalleePattern }> {
  /** `module\0path` -> entries. */
  byImport: Map<string, T[]>;
  /** last segment -> entries of method patterns. */
  byMethod: Map<string, T[]>;
  /** callee as written -> entries. */
  byGlobal: Map<string, T[]>;
  /** `new X()` by constructor-name patterns. */
  byNew: T[];
  /** Last segments of every import path and global, and every method: a call whose last segment is none of them matches nothing. */
  lastSegments: Set<string>;
}

export const importKey = (module: string, path: string): string => `${module}\0${path}`;
const lastOf = (dotted: string): string => dotted.slice(dotted.lastIndexOf('.') + 1);

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function calleeIndex<T extends { callee: CalleePattern }>(entries: readonly T[]): CalleeIndex<T> {
  const index: CalleeIndex<T> = { byImport: new Map(), byMethod: new Map(), byGlobal: new Map(), byNew: [], lastSegments: new Set() };
  for (const e of entries) {
    const c = e.callee;
    if (isImportCallee(c)) {
      for (const m of c.module) for (const p of c.path) push(index.byImport, importKey(m, p), e);
    } else if (isMethodCallee(c)) {
      for (const m of c.method) {
        push(index.byMethod, m, e);
        index.lastSegments.add(m);
      }
    } else if (isGlobalCallee(c)) {
      for (const g of c.global) {
        push(index.byGlobal, g, e);
        index.lastSegments.add(lastOf(g));
      }
    } else if (isNewCallee(c)) index.byNew.push(e);
  }
  return index;
}

const sinks: SinkModel[] = MODELS.flatMap((m) => m.sinks ?? []);
export const SINKS = calleeIndex(sinks);
export const SECRET_POSITIONS = calleeIndex<SecretPosition>(MODELS.flatMap((m) => m.secrets ?? []));
export const OPTION_RULES = calleeIndex<OptionRule>(MODELS.flatMap((m) => m.options ?? []));

/** Assignment sinks by property name (last segment) and by whole dotted target. */
export const ASSIGNMENT_SINKS = (() => {
  const byProperty = new Map<string, AssignmentSinkModel[]>();
  const byTarget = new Map<string, AssignmentSinkModel[]>();
  for (const s of MODELS.flatMap((m) => m.assignmentSinks ?? [])) {
    for (const p of s.property ?? []) push(byProperty, p, s);
    for (const t of s.target ?? []) push(byTarget, t, s);
  }
  return { byProperty, byTarget };
})();

export type SanitizerKinds = readonly SinkKind[] | 'all';

/** Sanitisers: by name as written, by import path, by method name (any receiver). */
export const SANITIZERS = (() => {
  const byName = new Map<string, SanitizerKinds>();
  const byImport = new Map<string, SanitizerKinds>();
  const byMethod = new Map<string, SanitizerKinds>();
  for (const s of MODELS.flatMap((m) => m.sanitizers ?? [])) {
    for (const n of s.names ?? []) byName.set(n, s.kinds);
    for (const mod of s.callee?.module ?? []) for (const p of s.callee!.path) byImport.set(importKey(mod, p), s.kinds);
    for (const m of s.methods ?? []) byMethod.set(m, s.kinds);
  }
  return { byName, byImport, byMethod };
})();

/** Propagators: callee as written -> what the result is. */
export const PROPAGATORS = new Map<string, 'string' | 'value'>(
  MODELS.flatMap((m) => m.propagators ?? []).flatMap((p) => p.names.map((n) => [n, p.result] as const)),
);

/** Factory methods (./types.ts): method -> module whose `<method>()` path its result is. */
export const FACTORIES: ReadonlyMap<string, string> = new Map(
  MODELS.flatMap((m) => (m.factories ?? []).map((f) => [f, m.modules[0]!] as const)),
);

/** Local names that mean a module without an import: name -> module. */
export const ASSUMED_LOCALS: ReadonlyMap<string, string> = new Map(
  MODELS.flatMap((m) => (m.assumedLocals ?? []).map((l) => [l, m.modules[0]!] as const)),
);

/** Every source model merged. */
export const SOURCES = (() => {
  const sources = MODELS.map((m) => m.sources).filter((s) => s !== undefined);
  const requestMembers: Record<string, RequestMember> = {};
  const requestMethods: Record<string, string> = {};
  const globals = new Map<string, string>();
  const globalCalls = new Map<string, string>();
  for (const s of sources) {
    Object.assign(requestMembers, s.requestMembers ?? {});
    Object.assign(requestMethods, s.requestMethods ?? {});
    for (const [k, v] of Object.entries(s.globals ?? {})) globals.set(k, v);
    for (const [k, v] of Object.entries(s.globalCalls ?? {})) globalCalls.set(k, v);
  }
  const importedNames = MODELS.flatMap((m) => (m.sources?.requestNamesImported ?? []).map((name) => ({ name, modules: m.modules })));
  return {
    requestNames: new Set(sources.flatMap((s) => s.requestNames ?? [])),
    /** Names that are request objects only in files importing the framework (Koa's `ctx`). */
    requestNamesImported: importedNames,
    requestTypes: new RegExp(`^(${sources.flatMap((s) => s.requestTypes ?? []).join('|')})\\b`),
    requestMembers: requestMembers as Readonly<Record<string, RequestMember>>,
    requestMethods: requestMethods as Readonly<Record<string, string>>,
    routeMethods: new Set(sources.flatMap((s) => s.routeMethods ?? [])),
    requestHandlers: new Set(sources.flatMap((s) => s.requestHandlers ?? [])),
    callbacks: sources.flatMap((s) => s.callbacks ?? []) as readonly CallbackSource[],
    handlers: sources.flatMap((s) => s.handlers ?? []) as readonly HandlerSource[],
    globals,
    globalCalls,
  };
})();

/** Modules by the role they play for the project-wide families. */
export function modulesWithRole(role: LibraryRole): Set<string> {
  return new Set(MODELS.filter((m) => m.roles?.includes(role)).flatMap((m) => m.modules));
}
