/**
 * Matching a call (or `new`) against an index of model entries (./index.ts): by the import path its
 * callee resolves to first — a match there wins, so `cp.exec(cmd)` is child_process's shell and not
 * the generic SQL-text `exec` —, else by the callee as written (globals), by method name and receiver,
 * and by constructor name.
 */
import { lastSegment, receiverOf } from '../syntax/names.js';
import type { Node } from '../syntax/tree.js';
import type { SourceFile } from '../syntax/source-file.js';
import { resolvePath, type FileFacts } from '../taint/facts.js';
import { importKey, type CalleeIndex } from './index.js';
import { isMethodCallee, isNewCallee, type CalleePattern } from './types.js';

const regexCache = new Map<string, RegExp>();
export function regex(source: string): RegExp {
  let r = regexCache.get(source);
  if (!r) {
    r = new RegExp(source);
    regexCache.set(source, r);
  }
  return r;
}

/** `res.status(404).type('html')` -> `res`: the object under a chain of setters. */
export const baseReceiver = (receiver: string): string => receiver.replace(/(\.[A-Za-z_$][\w$]*\(\))+$/, '');

export function importsMatching(facts: FileFacts, patterns: readonly string[] | undefined): boolean {
  if (!patterns) return false;
  for (const m of facts.modules) for (const p of patterns) if (regex(p).test(m)) return true;
  return false;
}

interface Constructible {
  callee: CalleePattern;
  construct?: boolean | 'only';
}

const constructOk = (e: Constructible, construct: boolean): boolean =>
  construct ? e.construct === true || e.construct === 'only' : e.construct !== 'only';

export interface CallSite {
  file: SourceFile;
  facts: FileFacts;
  /** The callee (or constructor) node, and its dotted name as written. */
  calleeNode: Node;
  callee: string;
  construct: boolean;
}

export function matchCallee<T extends Constructible>(index: CalleeIndex<T>, site: CallSite): T[] {
  const { file, facts, calleeNode, callee, construct } = site;
  const method = lastSegment(callee);
  const resolved = resolvePath(file, facts, calleeNode);
  if (resolved) {
    const hits = (index.byImport.get(importKey(resolved.module, resolved.path)) ?? []).filter((e) => constructOk(e, construct));
    if (hits.length > 0) return hits;
  }
  // A global as written (`eval`, `fetch`, `NextResponse.redirect` imported from next/server, which is that global's module).
  const globals = index.byGlobal.get(callee);
  if (globals) {
    const hits = globals.filter((e) => constructOk(e, construct));
    if (hits.length > 0) return hits;
  }
  const out: T[] = [];
  const methods = index.byMethod.get(method);
  if (methods && callee.includes('.')) {
    const receiver = receiverOf(callee);
    const base = baseReceiver(receiver);
    for (const e of methods) if (constructOk(e, construct) && methodMatches(e.callee, receiver, base, facts)) out.push(e);
  }
  if (construct && index.byNew.length > 0) {
    for (const e of index.byNew) {
      const c = e.callee;
      if (isNewCallee(c) && regex(c.newOf).test(callee) && (!c.imported || importsMatching(facts, c.imported))) out.push(e);
    }
  }
  return out;
}

function methodMatches(c: CalleePattern, receiver: string, base: string, facts: FileFacts): boolean {
  if (!isMethodCallee(c)) return false;
  if (c.receiver && !(regex(c.receiver).test(receiver) || regex(c.receiver).test(base))) return false;
  if (c.notReceiver && regex(c.notReceiver).test(receiver)) return false;
  if (c.imported && !importsMatching(facts, c.imported)) return false;
  return !(c.notImported && importsMatching(facts, c.notImported));
}
