/**
 * What a file imports, from ESM `import` and CommonJS `require`: which local names stand for which
 * module members. Sinks such as `exec` are only sinks when they really come from `child_process`.
 */
import { field, namedChildren, unwrap, type Node } from './tree.js';
import { stringValue, textOf, type SourceFile } from './source-file.js';
import { forEachOfType } from '../../../../core/index.js';

export interface ImportBinding {
  local: string;
  /** 'default', '*' (namespace or whole `require`), or the member name. */
  imported: string;
  module: string;
}

export function collectImports(file: SourceFile): ImportBinding[] {
  const out: ImportBinding[] = [];
  forEachOfType(file.root, ['import_statement', 'variable_declarator', 'import_alias', 'import_require_clause'], (n) => {
    if (n.type === 'import_statement') esmImport(file, n, out);
    else if (n.type === 'variable_declarator') requireBinding(file, n, out);
    else if (n.type === 'import_alias' || n.type === 'import_require_clause') tsImportEquals(file, n, out);
  });
  return out;
}

function esmImport(file: SourceFile, n: Node, out: ImportBinding[]): void {
  const source = field(n, 'source');
  const module = source ? stringValue(file, source) : null;
  if (!module) return;
  const clause = n.children.find((c) => c.type === 'import_clause');
  if (!clause) return;
  for (const part of namedChildren(clause)) {
    if (part.type === 'identifier') out.push({ local: textOf(file, part), imported: 'default', module });
    else if (part.type === 'namespace_import') {
      const id = part.children.find((c) => c.type === 'identifier');
      if (id) out.push({ local: textOf(file, id), imported: '*', module });
    } else if (part.type === 'named_imports') {
      for (const spec of part.children.filter((c) => c.type === 'import_specifier')) {
        const name = field(spec, 'name');
        const alias = field(spec, 'alias');
        if (name) out.push({ local: textOf(file, alias ?? name), imported: textOf(file, name), module });
      }
    }
  }
}

/** `const x = require('m')`, `const { a, b: c } = require('m')`, `const x = require('m').y`. */
function requireBinding(file: SourceFile, n: Node, out: ImportBinding[]): void {
  const name = field(n, 'name');
  const value = field(n, 'value');
  if (!name || !value) return;
  let init = unwrap(value);
  let member: string | null = null;
  if (init.type === 'member_expression') {
    member = textOf(file, field(init, 'property')!);
    init = unwrap(field(init, 'object')!);
  }
  const module = requiredModule(file, init);
  if (!module) return;
  if (name.type === 'identifier') out.push({ local: textOf(file, name), imported: member ?? '*', module });
  else if (name.type === 'object_pattern' && member === null) {
    for (const prop of name.children) {
      if (prop.type === 'shorthand_property_identifier_pattern')
        out.push({ local: textOf(file, prop), imported: textOf(file, prop), module });
      else if (prop.type === 'pair_pattern') {
        const key = field(prop, 'key');
        const local = field(prop, 'value');
        if (key && local?.type === 'identifier') out.push({ local: textOf(file, local), imported: textOf(file, key), module });
      }
    }
  }
}

export function requiredModule(file: SourceFile, n: Node): string | null {
  if (n.type !== 'call_expression') return null;
  const callee = field(n, 'function');
  if (!callee || textOf(file, callee) !== 'require') return null;
  const args = field(n, 'arguments');
  const first = args ? namedChildren(args)[0] : undefined;
  return first ? stringValue(file, first) : null;
}

function tsImportEquals(file: SourceFile, n: Node, out: ImportBinding[]): void {
  const id = n.children.find((c) => c.type === 'identifier') ?? n.parent?.children.find((c) => c.type === 'identifier');
  const str = n.children.find((c) => c.type === 'string');
  const module = str ? stringValue(file, str) : null;
  if (id && module) out.push({ local: textOf(file, id), imported: '*', module });
}

/** Local names bound to `module` (any member when `members` is omitted). */
export function localsFrom(imports: ImportBinding[], modules: readonly string[], members?: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const b of imports) {
    if (!modules.includes(b.module)) continue;
    if (members && !members.includes(b.imported) && b.imported !== '*' && b.imported !== 'default') continue;
    map.set(b.local, b.imported);
  }
  return map;
}

export function importsModule(imports: ImportBinding[], pattern: RegExp): boolean {
  return imports.some((b) => pattern.test(b.module));
}
