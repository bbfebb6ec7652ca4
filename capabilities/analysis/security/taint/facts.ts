/**
 * Per-file facts the models need: what each local name stands for as an access path from a module
 * (../models/types.ts) — imports and `require`s, `promisify(exec)`, instances and call results
 * (`const pool = new Pool()`, `const db = pgp(cn)`, `this.db = knex(config)`), members (`const Pool =
 * pg.Pool`) — and which modules the file imports.
 */
import { collectImports, requiredModule, type ImportBinding } from '../syntax/imports.js';
import { field, namedChildren, unwrap, type Node } from '../syntax/tree.js';
import { textOf, type SourceFile } from '../syntax/source-file.js';
import { dottedName } from '../syntax/names.js';
import { forEachOfType } from '../../../../core/index.js';
import { ASSUMED_LOCALS, FACTORIES } from '../models/index.js';

/** A value's origin: `path` from what `module` exports (`''`: the module itself; `()`: a call or `new` of it). */
export interface ModulePath {
  module: string;
  path: string;
}

export interface FileFacts {
  imports: ImportBinding[];
  /** Module specifiers the file imports or requires. */
  modules: Set<string>;
  /** Local names bound by imports (and assumed module names), and the module paths they stand for. */
  locals: Map<string, ModulePath>;
  /** Whether the locals derived from declarations (instances, call results, `promisify`) were added to `locals` yet. */
  derived: boolean;
}

export function collectFacts(file: SourceFile): FileFacts {
  const imports = collectImports(file);
  const locals = new Map<string, ModulePath>();
  for (const b of imports)
    locals.set(b.local, { module: b.module, path: b.imported === '*' || b.imported === 'default' ? '' : b.imported });
  // Without an import (scripts, globals in tests), the usual names still mean the modules.
  for (const [name, module] of ASSUMED_LOCALS) if (!locals.has(name)) locals.set(name, { module, path: '' });
  return { imports, modules: new Set(imports.map((b) => b.module)), locals, derived: false };
}

/**
 * The locals derived from declarations, added on the first resolution that needs them: most files
 * never resolve a callee (no sink word, no modelled import), and walking every declarator of every
 * file was a large part of the rules' time.
 */
export function localsOf(file: SourceFile, facts: FileFacts): ReadonlyMap<string, ModulePath> {
  ensureDerived(file, facts);
  return facts.locals;
}

function ensureDerived(file: SourceFile, facts: FileFacts): void {
  if (facts.derived) return;
  facts.derived = true;
  collectDerived(file, facts);
}

/** `const run = promisify(exec)`, `const db = new Database(f)`, `this.pool = mysql.createPool()`, `db = knex(cfg)`. */
function collectDerived(file: SourceFile, facts: FileFacts): void {
  if (!/require|new |promisify|=/.test(file.source)) return;
  forEachOfType(file.root, ['variable_declarator', 'assignment_expression'], (n) => {
    const name = n.type === 'variable_declarator' ? field(n, 'name') : field(n, 'left');
    const value = n.type === 'variable_declarator' ? field(n, 'value') : field(n, 'right');
    if (!name || !value || (name.type !== 'identifier' && name.type !== 'member_expression')) return;
    const init = unwrap(value);
    if (init.type !== 'call_expression' && init.type !== 'new_expression' && init.type !== 'member_expression') return;
    const local = name.type === 'identifier' ? textOf(file, name) : dottedName(file, name);
    if (name.type === 'member_expression' && !local.startsWith('this.')) return;
    const origin = promisified(file, facts, init) ?? resolve(file, facts, init);
    if (origin) facts.locals.set(local, origin);
  });
}

function promisified(file: SourceFile, facts: FileFacts, init: Node): ModulePath | null {
  if (init.type !== 'call_expression' || !/(^|\.)promisify$/.test(dottedName(file, field(init, 'function')!))) return null;
  const arg = namedChildren(field(init, 'arguments')!)[0];
  return arg ? resolve(file, facts, unwrap(arg)) : null;
}

const join = (base: ModulePath, segment: string): ModulePath => {
  if (segment === '()') return { module: base.module, path: `${base.path}()` };
  // `x.default` of a module is the module itself (ESM interop).
  if (base.path === '' && segment === 'default') return base;
  return { module: base.module, path: base.path === '' ? segment : `${base.path}.${segment}` };
};

/**
 * The module path of an expression: `exec`, `cp.exec`, `require('child_process').exec`,
 * `new VM().run`, `pgp(cn).any`, `this.db.query`. Null when it does not come from an import.
 */
export function resolvePath(file: SourceFile, facts: FileFacts, node: Node): ModulePath | null {
  ensureDerived(file, facts);
  return resolve(file, facts, node);
}

function resolve(file: SourceFile, facts: FileFacts, node: Node): ModulePath | null {
  const n = unwrap(node);
  switch (n.type) {
    case 'identifier':
      return facts.locals.get(textOf(file, n)) ?? null;
    case 'member_expression': {
      const object = unwrap(field(n, 'object')!);
      const property = textOf(file, field(n, 'property')!);
      if (object.type === 'this') return facts.locals.get(`this.${property}`) ?? null;
      const base = resolve(file, facts, object);
      return base ? join(base, property) : null;
    }
    case 'call_expression': {
      const module = requiredModule(file, n);
      if (module) return { module, path: '' };
      const callee = unwrap(field(n, 'function')!);
      // `x.collection('users')`, `ds.getRepository(User)`: the library's object whatever `x` is.
      const factory = callee.type === 'member_expression' ? FACTORIES.get(textOf(file, field(callee, 'property')!)) : undefined;
      if (factory) return { module: factory, path: `${textOf(file, field(callee, 'property')!)}()` };
      const base = resolve(file, facts, callee);
      return base ? join(base, '()') : null;
    }
    case 'new_expression': {
      const ctor = field(n, 'constructor');
      const base = ctor ? resolve(file, facts, ctor) : null;
      return base ? join(base, '()') : null;
    }
    default:
      return null;
  }
}

/** Whether the file imports a module matching one of the patterns (regular expression sources). */
export function importsAny(facts: FileFacts, patterns: readonly RegExp[]): boolean {
  for (const m of facts.modules) if (patterns.some((p) => p.test(m))) return true;
  return false;
}
