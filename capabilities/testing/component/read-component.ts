/**
 * Reading a React function component with the TypeScript compiler API (syntax only, no type checker):
 * the exported component, its props (from the props type declared in the same file, or inline), the
 * default values its destructuring gives, and its returned JSX (the first top-level `return`, plus
 * `if (prop) return <…>` early returns). What cannot be read is reported as null, never guessed.
 */
import ts from 'typescript';

export type PropKind =
  | { kind: 'string' }
  | { kind: 'number' }
  | { kind: 'boolean' }
  | { kind: 'literal'; values: (string | number | boolean)[] }
  | { kind: 'function' }
  | { kind: 'array' }
  | { kind: 'node' }
  | { kind: 'object'; members: PropInfo[] }
  | { kind: 'unknown'; text: string };

export interface PropInfo {
  name: string;
  optional: boolean;
  type: PropKind;
  /** A literal default from the destructuring (`tone = 'muted'`), when there is one. */
  defaultValue?: string | number | boolean;
}

export interface ComponentInfo {
  name: string;
  exportStyle: 'named' | 'default';
  props: PropInfo[];
  /** How the body refers to a prop: `props.x` through this parameter name. */
  propsParam: string | null;
  /** Destructured local name -> prop name. */
  bindings: Map<string, string>;
  /** Early returns `if (cond) return <jsx>` before the main return, in order. */
  earlyReturns: { condition: ts.Expression; jsx: ts.Expression }[];
  jsx: ts.Expression;
  /** Local functions of the body (`const handle = () => …`, `function handle() {…}`): name -> node. */
  locals: Map<string, ts.Node>;
  /** The source imports React's default export (classic JSX runtime). */
  importsReact: boolean;
  sourceFile: ts.SourceFile;
}

const isJsx = (node: ts.Node | undefined): boolean => {
  let n = node;
  while (n && ts.isParenthesizedExpression(n)) n = n.expression;
  return !!n && (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n) || ts.isJsxFragment(n));
};

export const unwrap = (node: ts.Expression): ts.Expression => (ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node);

type FunctionLike = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;

interface Candidate {
  name: string;
  exportStyle: 'named' | 'default';
  fn: FunctionLike;
  /** `const Card: FC<CardProps> = (…) => …`: the props type the annotation gives. */
  annotated?: ts.TypeNode;
}

/** The exported function components of the file (PascalCase, returning JSX). */
function candidatesOf(sf: ts.SourceFile): Candidate[] {
  const found: Candidate[] = [];
  const localFns = new Map<string, { fn: FunctionLike; annotated?: ts.TypeNode }>();
  const exportedNames: string[] = [];
  let defaultName: string | null = null;
  const hasModifier = (node: ts.Node, kind: ts.SyntaxKind): boolean =>
    (ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined)?.some((m) => m.kind === kind) ?? false;
  for (const statement of sf.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.body) {
      const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
      const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
      const name = statement.name?.text ?? 'Component';
      localFns.set(name, { fn: statement });
      if (exported) found.push({ name, exportStyle: isDefault ? 'default' : 'named', fn: statement });
    } else if (ts.isVariableStatement(statement)) {
      const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
      for (const decl of statement.declarationList.declarations) {
        if (!ts.isIdentifier(decl.name) || !decl.initializer) continue;
        let init = unwrap(decl.initializer);
        // memo(…) / React.memo(…) / forwardRef<Ref, Props>(…): the wrapped function (forwardRef's props type from its generics).
        let wrappedProps: ts.TypeNode | undefined;
        if (ts.isCallExpression(init) && /^(React\.)?(memo|forwardRef)$/.test(init.expression.getText()) && init.arguments[0]) {
          const inner = unwrap(init.arguments[0]);
          if (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) {
            if (/forwardRef$/.test(init.expression.getText())) wrappedProps = init.typeArguments?.[1];
            init = inner;
          }
        }
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) {
          const type = decl.type;
          const annotated =
            type && ts.isTypeReferenceNode(type) && /^(React\.)?(FC|FunctionComponent|VFC)$/.test(type.typeName.getText())
              ? type.typeArguments?.[0]
              : wrappedProps;
          localFns.set(decl.name.text, { fn: init, ...(annotated ? { annotated } : {}) });
          if (exported) found.push({ name: decl.name.text, exportStyle: 'named', fn: init, ...(annotated ? { annotated } : {}) });
        }
      }
    } else if (
      ts.isExportDeclaration(statement) &&
      !statement.moduleSpecifier &&
      !statement.isTypeOnly &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      // export { Card } / export { Card as default }
      for (const spec of statement.exportClause.elements) {
        const local = (spec.propertyName ?? spec.name).getText();
        if (spec.name.getText() === 'default') defaultName = local;
        else if (spec.name.getText() === local) exportedNames.push(local);
      }
    } else if (ts.isExportAssignment(statement) && !statement.isExportEquals && ts.isIdentifier(statement.expression)) {
      defaultName = statement.expression.text;
    }
  }
  for (const name of exportedNames)
    if (localFns.has(name) && !found.some((f) => f.name === name)) found.push({ name, exportStyle: 'named', ...localFns.get(name)! });
  if (defaultName && localFns.has(defaultName) && !found.some((f) => f.name === defaultName))
    found.push({ name: defaultName, exportStyle: 'default', ...localFns.get(defaultName)! });
  return found.filter((c) => /^[A-Z]/.test(c.name) && returnOf(c.fn) !== null);
}

function returnOf(fn: FunctionLike): ts.Expression | null {
  if (!fn.body) return null;
  if (!ts.isBlock(fn.body)) return isJsx(fn.body) ? unwrap(fn.body) : null;
  for (const statement of fn.body.statements)
    if (ts.isReturnStatement(statement) && statement.expression && isJsx(statement.expression)) return unwrap(statement.expression);
  return null;
}

/** The relative modules `sf` imports types from ('./types', '../models/task'): their specifiers. */
export function relativeImports(sf: ts.SourceFile): string[] {
  return sf.statements
    .filter((s): s is ts.ImportDeclaration => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier))
    .map((s) => (s.moduleSpecifier as ts.StringLiteral).text)
    .filter((spec) => spec.startsWith('./') || spec.startsWith('../'));
}

export function parseSource(file: string, text: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JSX;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/** The component `exportName` (or the only / default / file-named one), or null when the file has none. */
export function readComponent(
  sf: ts.SourceFile,
  exportName: string | undefined,
  fileStem: string,
  imported: ts.SourceFile[] = [],
): ComponentInfo | { error: string } | null {
  const all = candidatesOf(sf);
  if (all.length === 0) return null;
  let chosen: Candidate | undefined;
  if (exportName) {
    chosen = all.find((c) => c.name === exportName || (exportName === 'default' && c.exportStyle === 'default'));
    if (!chosen) return { error: `no exported component ${exportName} (exported: ${all.map((c) => c.name).join(', ')})` };
  } else
    chosen =
      all.length === 1 ? all[0] : (all.find((c) => c.name === fileStem) ?? all.find((c) => c.exportStyle === 'default') ?? undefined);
  if (!chosen) return { error: `several components are exported (${all.map((c) => c.name).join(', ')}); name one with "export"` };
  const fn = chosen.fn;
  const param = fn.parameters[0];
  // The file's own declarations win over the ones of the relative modules it imports.
  const typeDecls = new Map<string, ts.TypeElement[] | ts.TypeNode>([
    ...imported.flatMap((f) => [...declaredTypes(f)]),
    ...declaredTypes(sf),
  ]);
  let props: PropInfo[] = [];
  let propsParam: string | null = null;
  const bindings = new Map<string, string>();
  if (param) {
    const propsType = param.type ?? chosen.annotated;
    const members = membersOf(propsType, typeDecls);
    if (members === null)
      return { error: `the props type of ${chosen.name} is not declared in ${sf.fileName} (${propsType?.getText(sf) ?? 'untyped'})` };
    props = members;
    if (ts.isIdentifier(param.name)) propsParam = param.name.text;
    else if (ts.isObjectBindingPattern(param.name)) applyDefaults(param.name, props, bindings);
  }
  const locals = new Map<string, ts.Node>();
  const earlyReturns: ComponentInfo['earlyReturns'] = [];
  if (fn.body && ts.isBlock(fn.body)) {
    for (const statement of fn.body.statements) {
      if (ts.isVariableStatement(statement))
        for (const decl of statement.declarationList.declarations) {
          if (ts.isIdentifier(decl.name) && decl.initializer) locals.set(decl.name.text, unwrap(decl.initializer));
          // const { a, b = 1 } = props;
          if (
            ts.isObjectBindingPattern(decl.name) &&
            decl.initializer &&
            ts.isIdentifier(decl.initializer) &&
            decl.initializer.text === propsParam
          ) {
            applyDefaults(decl.name, props, bindings);
          }
        }
      if (ts.isFunctionDeclaration(statement) && statement.name) locals.set(statement.name.text, statement);
      if (ts.isIfStatement(statement) && !statement.elseStatement) {
        const ret = ts.isBlock(statement.thenStatement) ? statement.thenStatement.statements[0] : statement.thenStatement;
        if (ret && ts.isReturnStatement(ret) && ret.expression && isJsx(ret.expression))
          earlyReturns.push({ condition: statement.expression, jsx: unwrap(ret.expression) });
      }
      if (ts.isReturnStatement(statement)) break;
    }
  }
  return {
    name: chosen.name,
    exportStyle: chosen.exportStyle,
    props,
    propsParam,
    bindings,
    earlyReturns,
    jsx: returnOf(fn)!,
    locals,
    importsReact: sf.statements.some(
      (s) =>
        ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === 'react' && !!s.importClause?.name,
    ),
    sourceFile: sf,
  };
}

function applyDefaults(pattern: ts.ObjectBindingPattern, props: PropInfo[], bindings: Map<string, string>): void {
  for (const element of pattern.elements) {
    if (!ts.isIdentifier(element.name) || element.dotDotDotToken) continue;
    const key = element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : element.name.text;
    bindings.set(element.name.text, key);
    if (!element.initializer) continue;
    const prop = props.find((p) => p.name === key);
    const value = literalOf(element.initializer);
    if (prop && value !== undefined) prop.defaultValue = value;
  }
}

function literalOf(node: ts.Expression): string | number | boolean | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  return undefined;
}

export function declaredTypes(sf: ts.SourceFile): Map<string, ts.TypeElement[] | ts.TypeNode> {
  const types = new Map<string, ts.TypeElement[] | ts.TypeNode>();
  for (const s of sf.statements) {
    if (ts.isInterfaceDeclaration(s)) types.set(s.name.text, [...s.members]);
    if (ts.isTypeAliasDeclaration(s)) types.set(s.name.text, s.type);
  }
  return types;
}

function membersOf(type: ts.TypeNode | undefined, decls: Map<string, ts.TypeElement[] | ts.TypeNode>): PropInfo[] | null {
  if (!type) return null;
  if (ts.isTypeLiteralNode(type)) return type.members.flatMap((m) => propOf(m, decls));
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const decl = decls.get(type.typeName.text);
    if (decl === undefined) return null;
    if (Array.isArray(decl)) return decl.flatMap((m) => propOf(m, decls));
    return membersOf(decl as ts.TypeNode, decls);
  }
  if (ts.isIntersectionTypeNode(type)) {
    const parts = type.types.map((t) => membersOf(t, decls));
    return parts.some((p) => p === null) ? null : (parts.flat() as PropInfo[]);
  }
  return null;
}

function propOf(member: ts.TypeElement, decls: Map<string, ts.TypeElement[] | ts.TypeNode>, depth = 0): PropInfo[] {
  if (!member.name || !(ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) return [];
  const name = member.name.text;
  const optional = !!member.questionToken;
  if (ts.isMethodSignature(member)) return [{ name, optional, type: { kind: 'function' } }];
  if (!ts.isPropertySignature(member) || !member.type) return [{ name, optional, type: { kind: 'unknown', text: 'untyped' } }];
  return [{ name, optional, type: kindOf(member.type, decls, depth) }];
}

function kindOf(type: ts.TypeNode, decls: Map<string, ts.TypeElement[] | ts.TypeNode>, depth: number): PropKind {
  if (ts.isParenthesizedTypeNode(type)) return kindOf(type.type, decls, depth);
  switch (type.kind) {
    case ts.SyntaxKind.StringKeyword:
      return { kind: 'string' };
    case ts.SyntaxKind.NumberKeyword:
      return { kind: 'number' };
    case ts.SyntaxKind.BooleanKeyword:
      return { kind: 'boolean' };
  }
  if (ts.isFunctionTypeNode(type)) return { kind: 'function' };
  if (ts.isArrayTypeNode(type)) return { kind: 'array' };
  if (ts.isLiteralTypeNode(type)) {
    const value = literalOfType(type);
    return value === undefined ? { kind: 'unknown', text: type.getText() } : { kind: 'literal', values: [value] };
  }
  if (ts.isUnionTypeNode(type)) {
    const kinds = type.types
      .filter(
        (t) => t.kind !== ts.SyntaxKind.UndefinedKeyword && !(ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword),
      )
      .map((t) => kindOf(t, decls, depth));
    if (kinds.length === 1) return kinds[0]!;
    if (kinds.every((k) => k.kind === 'literal'))
      return { kind: 'literal', values: kinds.flatMap((k) => (k.kind === 'literal' ? k.values : [])) };
    const plain = kinds.find((k) => k.kind === 'string' || k.kind === 'number' || k.kind === 'boolean');
    return plain ?? { kind: 'unknown', text: type.getText() };
  }
  if (ts.isTypeReferenceNode(type)) {
    const name = type.typeName.getText();
    if (/^(React\.)?(ReactNode|ReactElement|JSX\.Element)$/.test(name)) return { kind: 'node' };
    if (name === 'Array' || name === 'ReadonlyArray') return { kind: 'array' };
    const decl = ts.isIdentifier(type.typeName) ? decls.get(type.typeName.text) : undefined;
    if (decl && !Array.isArray(decl) && depth < 3) return kindOf(decl as ts.TypeNode, decls, depth + 1);
    if (decl && Array.isArray(decl) && depth < 3) return { kind: 'object', members: decl.flatMap((m) => propOf(m, decls, depth + 1)) };
  }
  if (ts.isTypeOperatorNode(type) && ts.isArrayTypeNode(type.type)) return { kind: 'array' };
  if (depth < 3 && ts.isTypeLiteralNode(type)) return { kind: 'object', members: type.members.flatMap((m) => propOf(m, decls, depth + 1)) };
  return { kind: 'unknown', text: type.getText() };
}

function literalOfType(type: ts.LiteralTypeNode): string | number | boolean | undefined {
  const lit = type.literal;
  if (ts.isStringLiteral(lit)) return lit.text;
  if (ts.isNumericLiteral(lit)) return Number(lit.text);
  if (lit.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (lit.kind === ts.SyntaxKind.FalseKeyword) return false;
  return undefined;
}
