/**
 * What a module exports that the taint engine can summarise: module-level functions under their export
 * names (ESM `export function f`, `export const f = () => ...`, `export { f as g }`, `export default`,
 * CommonJS `module.exports = f`, `module.exports = { f, g: function () {} }`, `exports.f = ...`), and
 * the simple re-exports (`export { f } from './x'`, `export * from './x'`, `module.exports = require('./x')`,
 * importing a name and exporting it again).
 *
 * Names: a module's default export (ESM `export default`, CommonJS `module.exports = fn`) is `default`;
 * a member of an exported object is both `name` and `default.name` (CommonJS `exports.name` is what an
 * ESM default import sees as `default.name`).
 */
import { field, FUNCTION_TYPES, namedChildren, unwrap, type Node } from './tree.js';
import { stringValue, textOf, type SourceFile } from './source-file.js';
import { dottedName } from './names.js';
import { requiredModule, type ImportBinding } from './imports.js';

export type ExportTarget =
  /** A module-level function: its node, summarised with the module scope as closure. */
  | { kind: 'function'; node: Node }
  /** `name` exported by another module (`*`: every name of that module). */
  | { kind: 'reexport'; module: string; name: string };

export interface ModuleExport {
  name: string;
  target: ExportTarget;
}

export function collectExports(file: SourceFile, imports: ImportBinding[]): ModuleExport[] {
  const topLevel = topLevelFunctions(file);
  const out: ModuleExport[] = [];
  const add = (name: string, target: ExportTarget | null): void => {
    if (target) out.push({ name, target });
  };
  // A local name: a module-level function, or a name imported from a relative module and exported again.
  const local = (name: string): ExportTarget | null => {
    const fn = topLevel.get(name);
    if (fn) return { kind: 'function', node: fn };
    const binding = imports.find((b) => b.local === name && b.module.startsWith('.'));
    return binding ? { kind: 'reexport', module: binding.module, name: binding.imported === '*' ? '*' : binding.imported } : null;
  };
  const valueTarget = (value: Node): ExportTarget | null => {
    const v = unwrap(value);
    if (FUNCTION_TYPES.has(v.type)) return { kind: 'function', node: v };
    if (v.type === 'identifier') return local(textOf(file, v));
    const required = requiredModule(file, v);
    if (required?.startsWith('.')) return { kind: 'reexport', module: required, name: '*' };
    if (v.type === 'member_expression') {
      const module = requiredModule(file, unwrap(field(v, 'object')!));
      if (module?.startsWith('.')) return { kind: 'reexport', module, name: textOf(file, field(v, 'property')!) };
    }
    return null;
  };
  const objectMembers = (object: Node, both: boolean): void => {
    for (const member of namedChildren(object)) {
      let name: string | null = null;
      let target: ExportTarget | null = null;
      if (member.type === 'shorthand_property_identifier') {
        name = textOf(file, member);
        target = local(name);
      } else if (member.type === 'pair') {
        name = textOf(file, field(member, 'key')!).replace(/^['"]|['"]$/g, '');
        target = valueTarget(field(member, 'value')!);
      } else if (member.type === 'method_definition') {
        name = textOf(file, field(member, 'name')!);
        target = { kind: 'function', node: member };
      }
      if (!name || !target) continue;
      if (both) add(name, target);
      add(`default.${name}`, target);
    }
  };

  for (const statement of namedChildren(file.root)) {
    if (statement.type === 'export_statement') esmExport(file, statement, add, local, valueTarget, objectMembers);
    else if (statement.type === 'expression_statement') {
      const expr = unwrap(namedChildren(statement)[0] ?? statement);
      if (expr.type !== 'assignment_expression') continue;
      const target = dottedName(file, field(expr, 'left')!);
      const right = field(expr, 'right')!;
      if (target === 'module.exports') {
        const t = unwrap(right).type === 'object' ? null : valueTarget(right);
        if (unwrap(right).type === 'object') objectMembers(unwrap(right), true);
        else if (t?.kind === 'reexport' && t.name === '*') {
          // `module.exports = require('./x')`: every name of ./x, its default included.
          add('*', t);
          add('default', { ...t, name: 'default' });
        } else add('default', t);
      } else if (/^(module\.)?exports\.[\w$]+$/.test(target)) {
        const name = target.slice(target.lastIndexOf('.') + 1);
        const t = valueTarget(right);
        add(name, t);
        add(`default.${name}`, t);
      }
    }
  }
  return out;
}

function esmExport(
  file: SourceFile,
  statement: Node,
  add: (name: string, target: ExportTarget | null) => void,
  local: (name: string) => ExportTarget | null,
  valueTarget: (value: Node) => ExportTarget | null,
  objectMembers: (object: Node, both: boolean) => void,
): void {
  const source = field(statement, 'source');
  const from = source ? stringValue(file, source) : null;
  const isDefault = statement.children.some((c) => c.type === 'default');
  const declaration = field(statement, 'declaration');
  const value = field(statement, 'value');
  if (declaration) {
    if (FUNCTION_TYPES.has(declaration.type)) {
      const name = field(declaration, 'name');
      add(isDefault || !name ? 'default' : textOf(file, name), { kind: 'function', node: declaration });
    } else if (declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration') {
      for (const d of namedChildren(declaration)) {
        const name = d.type === 'variable_declarator' ? field(d, 'name') : undefined;
        const init = d.type === 'variable_declarator' ? field(d, 'value') : undefined;
        if (name?.type === 'identifier' && init && FUNCTION_TYPES.has(unwrap(init).type))
          add(textOf(file, name), { kind: 'function', node: unwrap(init) });
      }
    }
    return;
  }
  if (value && isDefault) {
    if (unwrap(value).type === 'object') objectMembers(unwrap(value), false);
    else add('default', valueTarget(value));
    return;
  }
  const clause = statement.children.find((c) => c.type === 'export_clause');
  if (clause) {
    for (const spec of clause.children.filter((c) => c.type === 'export_specifier')) {
      const name = textOf(file, field(spec, 'name')!);
      const alias = field(spec, 'alias');
      const exported = alias ? textOf(file, alias) : name;
      add(exported, from?.startsWith('.') ? { kind: 'reexport', module: from, name } : from ? null : local(name));
    }
  } else if (from?.startsWith('.') && statement.children.some((c) => c.type === '*')) {
    add('*', { kind: 'reexport', module: from, name: '*' });
  }
}

/** Module-level functions by name: declarations and `const f = () => ...` / `function () {}`. */
function topLevelFunctions(file: SourceFile): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const s of namedChildren(file.root)) {
    const statement = s.type === 'export_statement' ? (field(s, 'declaration') ?? s) : s;
    if (statement.type === 'function_declaration' || statement.type === 'generator_function_declaration') {
      const name = field(statement, 'name');
      if (name) out.set(textOf(file, name), statement);
    } else if (statement.type === 'lexical_declaration' || statement.type === 'variable_declaration') {
      for (const d of namedChildren(statement)) {
        const name = d.type === 'variable_declarator' ? field(d, 'name') : undefined;
        const init = d.type === 'variable_declarator' ? field(d, 'value') : undefined;
        if (name?.type === 'identifier' && init && FUNCTION_TYPES.has(unwrap(init).type)) out.set(textOf(file, name), unwrap(init));
      }
    }
  }
  return out;
}
