/**
 * The callable public API: every exported function and class (and `const` holding a function) of the
 * entry points, one level into exported namespaces (`text.slugify`, `Ids.isEmpty`), each keyed by the
 * checker's declaration symbol so any call in the project — whatever local name it was imported
 * under — can be matched to it. Abstract classes are listed apart (there is no `new` to show). When the
 * same declaration is reachable from several entry points, the first direct export wins over a
 * namespace member.
 */
import ts from 'typescript';
import type { EntryPoint } from '../api/entry-points.js';
import { toProgramPath, toWorkspacePath } from '../ts-program/load-program.js';

export interface CallableExport {
  /** The name a user writes: `convert`, `padId`, `text.slugify`. */
  name: string;
  /** The binding to import for it: `convert`, `padId`, `text`. */
  binding: string;
  /** The import specifier: the package name or subpath, or the module path of an application. */
  specifier: string;
  kind: 'function' | 'class';
  /** Parameter names of the first signature (constructor for a class), required ones only; `...rest` for a rest parameter. */
  parameters: string[];
  file: string;
  line: number;
  /** The declaration symbol calls are matched against. */
  symbol: ts.Symbol;
  /** Where its doc comment goes (the statement declaring it). */
  declaration: ts.Node;
}

/** How an exported thing (callable or not: enums, constants, namespaces) is written by a user of the package. */
export interface PublicName {
  name: string;
  binding: string;
  specifier: string;
}

export interface PublicApi {
  callables: CallableExport[];
  /** Every exported declaration symbol -> its public name (first entry point, direct export first). */
  names: Map<ts.Symbol, PublicName>;
  /** Exported, but nothing to call: abstract classes. */
  abstract: string[];
}

function resolve(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function kindOf(checker: ts.TypeChecker, symbol: ts.Symbol): 'function' | 'class' | 'namespace' | null {
  if (symbol.flags & ts.SymbolFlags.Class) return 'class';
  if (symbol.flags & ts.SymbolFlags.Function) return 'function';
  // A `const` holding a function, or a CommonJS export (`module.exports = { f }`, `exports.f = f`).
  if (symbol.flags & (ts.SymbolFlags.Variable | ts.SymbolFlags.Property)) {
    const decl = symbol.valueDeclaration;
    if (decl && checker.getTypeOfSymbolAtLocation(symbol, decl).getCallSignatures().length > 0) return 'function';
    return null;
  }
  if (symbol.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) return 'namespace';
  return null;
}

function parametersOf(checker: ts.TypeChecker, symbol: ts.Symbol, kind: 'function' | 'class'): string[] {
  const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
  if (!decl) return [];
  const type = checker.getTypeOfSymbolAtLocation(symbol, decl);
  const signature = (kind === 'class' ? type.getConstructSignatures() : type.getCallSignatures())[0];
  if (!signature) return [];
  return signature.parameters.flatMap((p) => {
    const pDecl = p.valueDeclaration && ts.isParameter(p.valueDeclaration) ? p.valueDeclaration : undefined;
    if (pDecl?.dotDotDotToken) return [`...${p.name}`];
    if (pDecl && (pDecl.questionToken || pDecl.initializer)) return [];
    // `({ filter, onChange })`: the destructured names, not the compiler's `__0`.
    if (pDecl && (ts.isObjectBindingPattern(pDecl.name) || ts.isArrayBindingPattern(pDecl.name))) {
      const names = pDecl.name.elements.flatMap((e) => (ts.isBindingElement(e) && ts.isIdentifier(e.name) ? [e.name.text] : []));
      return [ts.isObjectBindingPattern(pDecl.name) ? `{ ${names.join(', ')} }` : `[${names.join(', ')}]`];
    }
    return [p.name];
  });
}

function declarationStatement(decl: ts.Node): ts.Node {
  // `export const f = …`: the comment belongs on the variable statement.
  if (ts.isVariableDeclaration(decl) && ts.isVariableDeclarationList(decl.parent) && ts.isVariableStatement(decl.parent.parent))
    return decl.parent.parent;
  return decl;
}

function isAbstract(symbol: ts.Symbol): boolean {
  const decl = symbol.valueDeclaration;
  return Boolean(
    decl && ts.isClassDeclaration(decl) && (ts.getModifiers(decl) ?? []).some((m) => m.kind === ts.SyntaxKind.AbstractKeyword),
  );
}

export function publicApi(program: ts.Program, entries: readonly EntryPoint[], specifierOf: (entry: EntryPoint) => string): PublicApi {
  const checker = program.getTypeChecker();
  const byTarget = new Map<ts.Symbol, CallableExport>();
  const abstract: string[] = [];
  const names = new Map<ts.Symbol, PublicName>();
  const direct = new Set<ts.Symbol>();
  const consider = (target: ts.Symbol, name: string, binding: string, specifier: string, member: boolean): void => {
    // A direct export beats a namespace member; otherwise the first entry point wins.
    if (!names.has(target) || (!member && !direct.has(target))) {
      names.set(target, { name, binding, specifier });
      if (!member) direct.add(target);
    } else return;
    const kind = kindOf(checker, target);
    if (kind === null || kind === 'namespace') return;
    const decl = target.valueDeclaration ?? target.declarations?.[0];
    if (!decl || decl.getSourceFile().isDeclarationFile) return;
    if (kind === 'class' && isAbstract(target)) {
      if (!abstract.includes(name)) abstract.push(name);
      return;
    }
    const source = decl.getSourceFile();
    const at = ts.getNameOfDeclaration(decl as ts.Declaration) ?? decl;
    byTarget.set(target, {
      name,
      binding,
      specifier,
      kind,
      parameters: parametersOf(checker, target, kind),
      file: toWorkspacePath(source.fileName),
      line: source.getLineAndCharacterOfPosition(at.getStart(source)).line + 1,
      symbol: target,
      declaration: declarationStatement(decl),
    });
  };
  for (const entry of entries) {
    const source = program.getSourceFile(toProgramPath(entry.file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) continue;
    const specifier = specifierOf(entry);
    const exported = checker.getExportsOfModule(moduleSymbol).sort((a, b) => a.name.localeCompare(b.name));
    for (const symbol of exported) {
      const target = resolve(checker, symbol);
      const kind = kindOf(checker, target);
      if (symbol.name === 'default') {
        // `export default function makeId`: imported by a name of the user's choice; the declaration's own name is shown.
        const own = target.name === 'default' ? 'defaultExport' : target.name;
        consider(target, own, 'default', specifier, false);
        continue;
      }
      if (kind === null && target.flags & (ts.SymbolFlags.Property | ts.SymbolFlags.Variable) && target.valueDeclaration) {
        // CommonJS `exports.format = require('./format')`: an object of functions, documented as `format.f` like a namespace.
        const members = checker
          .getPropertiesOfType(checker.getTypeOfSymbolAtLocation(target, target.valueDeclaration))
          .filter((m) => kindOf(checker, m) === 'function')
          .sort((a, b) => a.name.localeCompare(b.name));
        for (const m of members) consider(m, `${symbol.name}.${m.name}`, symbol.name, specifier, true);
        continue;
      }
      if (kind === 'namespace') {
        consider(target, symbol.name, symbol.name, specifier, false);
        const members = checker.getExportsOfModule(target).sort((a, b) => a.name.localeCompare(b.name));
        for (const m of members) consider(resolve(checker, m), `${symbol.name}.${m.name}`, symbol.name, specifier, true);
      } else consider(target, symbol.name, symbol.name, specifier, false);
    }
  }
  const callables = [...byTarget.values()].sort((a, b) =>
    a.specifier === b.specifier ? a.name.localeCompare(b.name) : a.specifier.localeCompare(b.specifier),
  );
  return { callables, names, abstract: abstract.sort() };
}
