/**
 * The documented model of an entry module: its exports as the checker sees them (re-exports and
 * `export *` followed to the declaration), each with kind, signature(s), parameters, return type, doc
 * comment, tags, deprecation and source location. Kinds follow TypeDoc's: a `const` initialised with an
 * arrow function or function expression and no type annotation is a function; `export * as ns` is a
 * namespace whose members are documented too; `@ignore`/`@hidden` on a declaration or on the export
 * statement leaves it out, as in TypeDoc.
 */
import ts from 'typescript';
import { toWorkspacePath } from '../ts-program/load-program.js';

export type ApiKind = 'function' | 'class' | 'interface' | 'type' | 'enum' | 'variable' | 'namespace';
export type MemberKind = 'constructor' | 'property' | 'method' | 'accessor' | 'enum-member';

export interface ApiParameter {
  name: string;
  type: string;
  optional: boolean;
  rest: boolean;
  defaultValue?: string;
  doc: string;
}

export interface ApiSignature {
  text: string;
  typeParameters: string[];
  parameters: ApiParameter[];
  returns: string;
  returnsDoc: string;
}

export interface ApiMember {
  name: string;
  kind: MemberKind;
  signatures: ApiSignature[];
  type?: string;
  doc: string;
  deprecated: string | null;
  static: boolean;
  readonly: boolean;
  optional: boolean;
}

export interface ApiSymbol {
  /** The exported name ("default" for a default export); qualified "ns.name" inside a namespace. */
  name: string;
  kind: ApiKind;
  /** The declaration as code: `function f(a: number): string`, `class C<T> implements I`, `type T = ...`. */
  declaration: string;
  signatures: ApiSignature[];
  members: ApiMember[];
  doc: string;
  deprecated: string | null;
  tags: { name: string; text: string }[];
  file: string;
  line: number;
}

const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

const textOf = (parts: ts.SymbolDisplayPart[] | undefined): string => ts.displayPartsToString(parts ?? []).trim();

function tagText(tag: ts.JSDocTagInfo): string {
  return textOf(tag.text);
}

function deprecationOf(tags: readonly ts.JSDocTagInfo[]): string | null {
  const tag = tags.find((t) => t.name === 'deprecated');
  return tag ? tagText(tag) || 'deprecated' : null;
}

function kindOf(symbol: ts.Symbol): ApiKind | null {
  const f = symbol.flags;
  if (f & ts.SymbolFlags.Class) return 'class';
  if (f & ts.SymbolFlags.Enum) return 'enum';
  if (f & ts.SymbolFlags.Function) return 'function';
  if (f & ts.SymbolFlags.Interface) return 'interface';
  if (f & ts.SymbolFlags.TypeAlias) return 'type';
  if (f & ts.SymbolFlags.Variable) return isFunctionVariable(symbol) ? 'function' : 'variable';
  if (f & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) return 'namespace';
  return null;
}

/** TypeDoc documents `const f = () => …` (no annotation) as a function. */
function isFunctionVariable(symbol: ts.Symbol): boolean {
  const decl = symbol.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || decl.type || !decl.initializer) return false;
  let init: ts.Expression = decl.initializer;
  while (ts.isParenthesizedExpression(init) || ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
  return ts.isArrowFunction(init) || ts.isFunctionExpression(init);
}

function location(decl: ts.Declaration | undefined): { file: string; line: number } {
  if (!decl) return { file: '', line: 0 };
  if (ts.isSourceFile(decl)) return { file: toWorkspacePath(decl.fileName), line: 1 };
  const source = decl.getSourceFile();
  const name = ts.getNameOfDeclaration(decl) ?? decl;
  return { file: toWorkspacePath(source.fileName), line: source.getLineAndCharacterOfPosition(name.getStart(source)).line + 1 };
}

function paramDoc(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  const decl = symbol.valueDeclaration;
  if (decl && ts.isParameter(decl)) {
    const tags = ts.getJSDocParameterTags(decl);
    const text = tags.map((t) => (typeof t.comment === 'string' ? t.comment : (ts.getTextOfJSDocComment(t.comment) ?? ''))).join(' ');
    if (text) return text.replace(/^-\s*/, '').trim();
  }
  return textOf(symbol.getDocumentationComment(checker));
}

function signatureOf(sig: ts.Signature, checker: ts.TypeChecker, name: string, prefix: string): ApiSignature {
  const decl = sig.getDeclaration() as ts.SignatureDeclaration | undefined;
  const parameters: ApiParameter[] = sig.getParameters().map((p) => {
    const pDecl = p.valueDeclaration && ts.isParameter(p.valueDeclaration) ? p.valueDeclaration : undefined;
    const type = checker.typeToString(checker.getTypeOfSymbol(p), pDecl, flags);
    const defaultValue = pDecl?.initializer?.getText();
    return {
      name: p.name,
      type,
      optional: Boolean(pDecl && (pDecl.questionToken || pDecl.initializer)),
      rest: Boolean(pDecl?.dotDotDotToken),
      ...(defaultValue !== undefined ? { defaultValue } : {}),
      doc: paramDoc(p, checker),
    };
  });
  const typeParameters = (sig.getTypeParameters() ?? []).map((t) => {
    const tDecl = t.symbol.declarations?.[0];
    return tDecl ? tDecl.getText() : checker.typeToString(t);
  });
  const returns = decl && ts.isConstructorDeclaration(decl) ? '' : checker.typeToString(sig.getReturnType(), decl, flags);
  const returnsTag = sig.getJsDocTags().find((t) => t.name === 'returns' || t.name === 'return');
  const params = parameters.map((p) => `${p.rest ? '...' : ''}${p.name}${p.optional && !p.rest ? '?' : ''}: ${p.type}`).join(', ');
  const generics = typeParameters.length > 0 ? `<${typeParameters.join(', ')}>` : '';
  const text = `${prefix}${name}${generics}(${params})${returns ? `: ${returns}` : ''}`;
  return { text, typeParameters, parameters, returns, returnsDoc: returnsTag ? tagText(returnsTag) : '' };
}

function isPublicMember(decl: ts.Declaration): boolean {
  const mods = ts.canHaveModifiers(decl) ? (ts.getModifiers(decl) ?? []) : [];
  if (mods.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword)) return false;
  const name = ts.getNameOfDeclaration(decl);
  return !(name && ts.isPrivateIdentifier(name));
}

function hasModifier(decl: ts.Declaration, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(decl) ? (ts.getModifiers(decl) ?? []).some((m) => m.kind === kind) : false;
}

function memberOf(member: ts.Symbol, checker: ts.TypeChecker, isStatic: boolean): ApiMember | null {
  const decl = member.valueDeclaration ?? member.declarations?.[0];
  if (!decl || !isPublicMember(decl)) return null;
  const tags = member.getJsDocTags(checker);
  const base = {
    name: member.name,
    doc: textOf(member.getDocumentationComment(checker)).replace(/^-\s*/, ''),
    deprecated: deprecationOf(tags),
    static: isStatic,
    readonly:
      hasModifier(decl, ts.SyntaxKind.ReadonlyKeyword) ||
      ((member.flags & ts.SymbolFlags.GetAccessor) !== 0 && !(member.flags & ts.SymbolFlags.SetAccessor)),
    optional: (member.flags & ts.SymbolFlags.Optional) !== 0,
  };
  const type = checker.getTypeOfSymbolAtLocation(member, decl);
  if (member.flags & ts.SymbolFlags.Method) {
    const signatures = type.getCallSignatures().map((s) => signatureOf(s, checker, member.name, isStatic ? 'static ' : ''));
    return { ...base, kind: 'method', signatures };
  }
  if (member.flags & ts.SymbolFlags.Accessor)
    return { ...base, kind: 'accessor', signatures: [], type: checker.typeToString(type, decl, flags) };
  if (member.flags & ts.SymbolFlags.EnumMember) {
    const value = ts.isEnumMember(decl) ? checker.getConstantValue(decl) : undefined;
    return { ...base, kind: 'enum-member', signatures: [], type: value === undefined ? '' : JSON.stringify(value) };
  }
  if (member.flags & ts.SymbolFlags.Property) {
    // As written when annotated (an optional `unique?: boolean` stays `boolean`, not `boolean | undefined`).
    const written =
      (ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl) || ts.isParameter(decl)) && decl.type ? decl.type.getText() : null;
    return { ...base, kind: 'property', signatures: [], type: written ?? checker.typeToString(type, decl, flags) };
  }
  return null;
}

function classMembers(symbol: ts.Symbol, checker: ts.TypeChecker, name: string): { members: ApiMember[]; ctors: ApiSignature[] } {
  const decl = symbol.declarations?.find(ts.isClassLike);
  const staticType = checker.getTypeOfSymbol(symbol);
  const ctors = staticType
    .getConstructSignatures()
    .filter((s) => !s.getDeclaration() || isPublicMember(s.getDeclaration()))
    .map((s) => signatureOf(s, checker, name, 'new '));
  const instance = checker.getDeclaredTypeOfSymbol(symbol);
  const own = (m: ts.Symbol): boolean => Boolean(decl && m.declarations?.some((d) => d.parent === decl || d.parent?.parent === decl));
  const members = [
    ...checker
      .getPropertiesOfType(staticType)
      .filter((m) => m.name !== 'prototype' && own(m))
      .map((m) => memberOf(m, checker, true)),
    ...checker
      .getPropertiesOfType(instance)
      .filter(own)
      .map((m) => memberOf(m, checker, false)),
  ].filter((m): m is ApiMember => m !== null);
  return { members, ctors };
}

function declarationText(
  kind: ApiKind,
  name: string,
  symbol: ts.Symbol,
  checker: ts.TypeChecker,
  signatures: ApiSignature[],
  decl: ts.Declaration | undefined,
): string {
  switch (kind) {
    case 'function':
      return signatures.map((s) => `function ${s.text}`).join('\n');
    case 'class': {
      const c = symbol.declarations?.find(ts.isClassDeclaration);
      const generics = c?.typeParameters ? `<${c.typeParameters.map((t) => t.getText()).join(', ')}>` : '';
      const heritage = c?.heritageClauses?.map((h) => h.getText()).join(' ') ?? '';
      const abstract = c && hasModifier(c, ts.SyntaxKind.AbstractKeyword) ? 'abstract ' : '';
      return `${abstract}class ${name}${generics}${heritage ? ` ${heritage}` : ''}`;
    }
    case 'interface': {
      const i = symbol.declarations?.find(ts.isInterfaceDeclaration);
      const generics = i?.typeParameters ? `<${i.typeParameters.map((t) => t.getText()).join(', ')}>` : '';
      const heritage = i?.heritageClauses?.map((h) => h.getText()).join(' ') ?? '';
      return `interface ${name}${generics}${heritage ? ` ${heritage}` : ''}`;
    }
    case 'type': {
      const t = symbol.declarations?.find(ts.isTypeAliasDeclaration);
      const generics = t?.typeParameters ? `<${t.typeParameters.map((p) => p.getText()).join(', ')}>` : '';
      if (t) return `type ${name}${generics} = ${t.type.getText()}`;
      // A value exported type-only is its type; an unresolved alias is `any`, as TypeDoc shows both.
      if (!symbol.declarations?.length) return `type ${name} = any`;
      return `type ${name} = ${checker.typeToString(checker.getTypeOfSymbol(symbol), decl, flags)}`;
    }
    case 'enum': {
      const e = symbol.declarations?.find(ts.isEnumDeclaration);
      return `${e && hasModifier(e, ts.SyntaxKind.ConstKeyword) ? 'const ' : ''}enum ${name}`;
    }
    case 'variable': {
      if (!symbol.declarations?.length) return `const ${name}: any`;
      const list = decl?.parent;
      const keyword =
        list && ts.isVariableDeclarationList(list)
          ? list.flags & ts.NodeFlags.Const
            ? 'const'
            : list.flags & ts.NodeFlags.Let
              ? 'let'
              : 'var'
          : 'const';
      return `${keyword} ${name}: ${checker.typeToString(checker.getTypeOfSymbol(symbol), decl, flags)}`;
    }
    case 'namespace':
      return `namespace ${name}`;
  }
}

/** The documented exports of one entry module, sorted by kind order then name as written. */
export function collectModule(checker: ts.TypeChecker, source: ts.SourceFile, prefix = '', seen = new Set<ts.Symbol>()): ApiSymbol[] {
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) return [];
  return collectExports(checker, checker.getExportsOfModule(moduleSymbol), prefix, seen);
}

/**
 * `@ignore` / `@hidden` (TypeDoc's exclusion tags) on the declaration's own doc comment, or — when the
 * declaration has none — on the export statement that re-exports it (as TypeDoc reads them).
 */
function isHidden(exported: ts.Symbol, symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  const hiding = (name: string): boolean => name === 'ignore' || name === 'hidden';
  const ownTags = symbol.getJsDocTags(checker);
  if (ownTags.length > 0 || symbol.getDocumentationComment(checker).length > 0) return ownTags.some((t) => hiding(t.name));
  return (exported.declarations ?? []).some((d) => {
    const statement = ts.isExportSpecifier(d) ? d.parent.parent : d;
    return ts.getJSDocTags(statement).some((t) => hiding(t.tagName.text));
  });
}

function describeAs(
  kind: ApiKind,
  exported: ts.Symbol,
  symbol: ts.Symbol,
  checker: ts.TypeChecker,
  prefix: string,
  seen: Set<ts.Symbol>,
): ApiSymbol[] {
  const out: ApiSymbol[] = [];
  const name = `${prefix}${exported.name}`;
  const declarations = symbol.declarations ?? [];
  const ofKind = (d: ts.Declaration): boolean =>
    kind === 'type'
      ? ts.isTypeAliasDeclaration(d)
      : kind === 'interface'
        ? ts.isInterfaceDeclaration(d)
        : kind === 'namespace'
          ? ts.isModuleDeclaration(d) || ts.isSourceFile(d)
          : !ts.isModuleDeclaration(d) && !ts.isTypeAliasDeclaration(d) && !ts.isInterfaceDeclaration(d);
  // An unresolved alias has no declaration of its own: the export statement is where it shows.
  const decl = declarations.find(ofKind) ?? symbol.valueDeclaration ?? declarations[0] ?? exported.declarations?.[0];
  const tags = symbol.getJsDocTags(checker);
  const isModuleFile = decl !== undefined && ts.isSourceFile(decl);
  let signatures: ApiSignature[] = [];
  let members: ApiMember[] = [];
  if (kind === 'function')
    signatures = checker
      .getTypeOfSymbol(symbol)
      .getCallSignatures()
      .map((s) => signatureOf(s, checker, exported.name, ''));
  if (kind === 'class') ({ members, ctors: signatures } = classMembers(symbol, checker, exported.name));
  if (kind === 'interface')
    members = checker
      .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
      .map((m) => memberOf(m, checker, false))
      .filter((m): m is ApiMember => m !== null);
  if (kind === 'enum')
    members = (checker.getExportsOfModule(symbol) ?? []).map((m) => memberOf(m, checker, false)).filter((m): m is ApiMember => m !== null);
  out.push({
    name,
    kind,
    declaration: declarationText(kind, exported.name, symbol, checker, signatures, decl),
    signatures,
    members,
    doc: isModuleFile ? '' : textOf(symbol.getDocumentationComment(checker)),
    deprecated: isModuleFile ? null : deprecationOf(tags),
    tags: isModuleFile
      ? []
      : tags.filter((t) => !['param', 'returns', 'return', 'deprecated'].includes(t.name)).map((t) => ({ name: t.name, text: tagText(t) })),
    ...location(decl),
  });
  if (kind === 'namespace' && !seen.has(symbol)) {
    seen.add(symbol);
    out.push(...collectExports(checker, checker.getExportsOfModule(symbol), `${name}.`, seen));
  }
  return out;
}

/**
 * `export type { X }` (or `export { type X }`): TypeDoc documents a class exported this way as an
 * interface and a function or variable as a type alias (only the type side is exported).
 */
function isTypeOnlyExport(exported: ts.Symbol): boolean {
  const d = exported.declarations?.[0];
  return d !== undefined && ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly);
}

/**
 * An alias whose target the compiler cannot resolve (a dependency that is not installed, or node_modules
 * that is never read): the checker's "unknown" symbol, a Property with no declaration. TypeDoc still
 * lists it — as a variable, or a type alias when the export is type-only — with type `any`.
 */
function isUnresolved(exported: ts.Symbol, symbol: ts.Symbol): boolean {
  return symbol !== exported && !symbol.declarations?.length && (symbol.flags & ts.SymbolFlags.Property) !== 0;
}

/** The kinds TypeDoc makes of one exported symbol (one reflection per kind of a merged declaration). */
function kindsOf(exported: ts.Symbol, symbol: ts.Symbol, inNamespace: boolean): ApiKind[] {
  const typeOnly = isTypeOnlyExport(exported);
  if (isUnresolved(exported, symbol)) return [typeOnly ? 'type' : 'variable'];
  const primary = kindOf(symbol);
  if (!primary) return [];
  const retype = (k: ApiKind): ApiKind => (!typeOnly ? k : k === 'class' ? 'interface' : k === 'function' || k === 'variable' ? 'type' : k);
  // Declaration merging: TypeDoc lists a value and a same-named type alias, interface or namespace
  // as separate reflections (a class merged with an interface stays one class).
  const kinds: ApiKind[] = [retype(primary)];
  const f = symbol.flags;
  if (f & ts.SymbolFlags.TypeAlias && primary !== 'type') kinds.push('type');
  if (f & ts.SymbolFlags.Interface && primary !== 'class' && primary !== 'interface') kinds.push('interface');
  if (f & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule) && primary !== 'namespace' && primary !== 'enum')
    kinds.push('namespace');
  // Inside a namespace merged with a class, the class's static members share the namespace's export
  // table: a static property or method named like one of the namespace's types or interfaces is one
  // symbol there, and TypeDoc lists its value side too (a variable, a function).
  if (inNamespace && !(f & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class | ts.SymbolFlags.Variable))) {
    if (f & ts.SymbolFlags.Method) kinds.push(retype('function'));
    else if (f & ts.SymbolFlags.Property) kinds.push(retype('variable'));
  }
  return [...new Set(kinds)];
}

function collectExports(checker: ts.TypeChecker, exports: ts.Symbol[], prefix: string, seen: Set<ts.Symbol>): ApiSymbol[] {
  const out: ApiSymbol[] = [];
  for (const exported of exports) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const kinds = kindsOf(exported, symbol, prefix !== '');
    if (kinds.length === 0 || isHidden(exported, symbol, checker)) continue;
    for (const kind of kinds) out.push(...describeAs(kind, exported, symbol, checker, prefix, seen));
  }
  return out;
}
