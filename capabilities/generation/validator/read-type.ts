/**
 * A TypeScript interface or type alias of the project as the shared type model, read with the
 * TypeScript compiler API (the declaration's syntax tree): the types it refers to are followed in the
 * same file and through relative imports. Constructs a runtime check cannot mirror exactly (generics,
 * enums, tuples, mapped/conditional types, functions) are refused with the construct named.
 */
import ts from 'typescript';
import type { CapabilityContext } from '../../../core/index.js';
import { AgentdError } from '../../../core/index.js';
import { unionOf, type Declaration, type Prop, type TypeNode } from '../types/model.js';

type DeclNode = ts.InterfaceDeclaration | ts.TypeAliasDeclaration;

interface ParsedFile {
  path: string;
  source: ts.SourceFile;
  decls: Map<string, DeclNode>;
  /** Imported name -> [module path as written, name in that module]. */
  imports: Map<string, [string, string]>;
}

export interface ReadType {
  /** The file declaring the root type. */
  file: string;
  root: string;
  declarations: Declaration[];
  /** file -> names declared there that the generated module imports. */
  importsByFile: Map<string, string[]>;
}

const refuse = (what: string, where: string): never => {
  throw new AgentdError(
    'invalid_input',
    `type: ${what} (${where}) has no exact runtime check in generation.validator; declare a plain interface or type alias (objects, arrays, unions, literals, primitives, Date)`,
  );
};

export class TypeReader {
  private readonly files = new Map<string, ParsedFile>();
  private readonly declarations: Declaration[] = [];
  private readonly origin = new Map<string, string>();

  constructor(
    private readonly ctx: CapabilityContext,
    private readonly closed: boolean,
  ) {}

  async read(typeName: string, from: string | undefined): Promise<ReadType> {
    const file = from ?? (await this.findDeclaringFile(typeName));
    const parsed = await this.parse(file);
    if (!parsed.decls.has(typeName))
      throw new AgentdError('invalid_input', `type: ${file} declares no interface or type alias named ${typeName}`);
    await this.declare(typeName, parsed);
    const importsByFile = new Map<string, string[]>();
    for (const d of this.declarations) {
      const f = this.origin.get(d.name)!;
      importsByFile.set(f, [...(importsByFile.get(f) ?? []), d.name]);
    }
    return { file, root: typeName, declarations: this.declarations, importsByFile };
  }

  private async findDeclaringFile(name: string): Promise<string> {
    const paths = await this.ctx.workspace.list({
      extensions: ['.ts', '.tsx', '.mts', '.cts'],
      exclude: ['dist/**', 'build/**', 'node_modules/**', '**/*.d.ts'],
    });
    const { files } = await this.ctx.workspace.readMany(paths);
    const pattern = new RegExp(`\\b(?:interface|type)\\s+${name}\\b`);
    const found = files.filter((f) => pattern.test(f.content)).map((f) => f.path);
    if (found.length === 0)
      throw new AgentdError('invalid_input', `type: no interface or type alias named ${name} in the project's TypeScript files`);
    if (found.length > 1) throw new AgentdError('invalid_input', `type: ${name} is declared in ${found.join(', ')}; say which with "from"`);
    return found[0]!;
  }

  private async parse(path: string): Promise<ParsedFile> {
    const known = this.files.get(path);
    if (known) return known;
    if (!(await this.ctx.workspace.exists(path))) throw new AgentdError('invalid_input', `from: ${path} does not exist in the workspace`);
    const source = ts.createSourceFile(
      path,
      await this.ctx.workspace.read(path),
      ts.ScriptTarget.Latest,
      true,
      path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const decls = new Map<string, DeclNode>();
    const imports = new Map<string, [string, string]>();
    for (const st of source.statements) {
      if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st)) decls.set(st.name.text, st);
      if (
        ts.isImportDeclaration(st) &&
        ts.isStringLiteral(st.moduleSpecifier) &&
        st.importClause?.namedBindings &&
        ts.isNamedImports(st.importClause.namedBindings)
      ) {
        for (const el of st.importClause.namedBindings.elements)
          imports.set(el.name.text, [st.moduleSpecifier.text, (el.propertyName ?? el.name).text]);
      }
    }
    const parsed = { path, source, decls, imports };
    this.files.set(path, parsed);
    return parsed;
  }

  private async resolveImport(from: string, spec: string): Promise<string | null> {
    if (!spec.startsWith('.')) return null;
    const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
    const parts = [...(dir ? dir.split('/') : []), ...spec.split('/')];
    const out: string[] = [];
    for (const p of parts)
      if (p === '..') out.pop();
      else if (p !== '.' && p !== '') out.push(p);
    const base = out.join('/').replace(/\.(?:js|mjs|cjs|ts|mts|cts)$/, '');
    for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}.cts`, `${base}/index.ts`])
      if (await this.ctx.workspace.exists(candidate)) return candidate;
    return null;
  }

  /** Declares `name` (found in `file`, or imported there) and what it refers to; returns the declared name. */
  private async declare(name: string, file: ParsedFile): Promise<string> {
    const node = file.decls.get(name);
    if (!node) {
      const imported = file.imports.get(name);
      const target = imported ? await this.resolveImport(file.path, imported[0]) : null;
      if (!imported || !target)
        return refuse(`the type ${name} is neither declared in ${file.path} nor imported from a relative module`, file.path);
      return this.declare(imported[1], await this.parse(target));
    }
    if (this.origin.has(name)) {
      if (this.origin.get(name) !== file.path) refuse(`two types named ${name}`, file.path);
      return name;
    }
    this.origin.set(name, file.path);
    if (node.typeParameters?.length) refuse(`the generic type ${name}<...>`, file.path);
    const slot: Declaration = { name, type: { kind: 'unknown' } };
    this.declarations.push(slot);
    slot.type = ts.isInterfaceDeclaration(node) ? await this.interfaceType(node, file) : await this.convert(node.type, file);
    const doc = ts
      .getJSDocCommentsAndTags(node)
      .map((d) => (typeof d.comment === 'string' ? d.comment : ''))
      .join(' ')
      .trim();
    if (doc) slot.doc = doc;
    return name;
  }

  private async interfaceType(node: ts.InterfaceDeclaration, file: ParsedFile): Promise<TypeNode> {
    const own = await this.members(node.members, file);
    if (own.kind !== 'object') return own;
    const props: Prop[] = [];
    let index = own.index;
    for (const clause of node.heritageClauses ?? []) {
      for (const t of clause.types) {
        if (!ts.isIdentifier(t.expression) || t.typeArguments?.length) refuse(`the heritage clause ${t.getText()}`, file.path);
        const baseName = await this.declare((t.expression as ts.Identifier).text, file);
        const declared = this.declarations.find((d) => d.name === baseName);
        if (!declared || declared.type.kind !== 'object') return refuse(`extending ${t.getText()}, which is not an object type`, file.path);
        for (const p of declared.type.props)
          if (!own.props.some((q) => q.name === p.name) && !props.some((q) => q.name === p.name)) props.push(p);
        index = index ?? declared.type.index;
      }
    }
    return { kind: 'object', props: [...props, ...own.props], index, closed: index === null && this.closed };
  }

  private async members(members: ts.NodeArray<ts.TypeElement>, file: ParsedFile): Promise<TypeNode> {
    const props: Prop[] = [];
    let index: TypeNode | null = null;
    for (const m of members) {
      if (ts.isPropertySignature(m) && m.type) {
        const key =
          ts.isIdentifier(m.name) || ts.isStringLiteral(m.name) || ts.isNumericLiteral(m.name)
            ? m.name.text
            : refuse(`the computed property ${m.name.getText()}`, file.path);
        let type = await this.convert(m.type, file);
        let optional = m.questionToken !== undefined;
        if (
          type.kind === 'union' &&
          type.members.some((x) => x.kind === 'unknown' && (x as { undefinedMarker?: boolean }).undefinedMarker)
        ) {
          optional = true;
          type = unionOf(type.members.filter((x) => !(x as { undefinedMarker?: boolean }).undefinedMarker));
        }
        const doc = ts
          .getJSDocCommentsAndTags(m)
          .map((d) => (typeof d.comment === 'string' ? d.comment : ''))
          .join(' ')
          .trim();
        props.push({ name: key, type, optional, ...(doc ? { doc } : {}) });
      } else if (ts.isIndexSignatureDeclaration(m) && m.parameters[0]?.type?.kind === ts.SyntaxKind.StringKeyword) {
        index = await this.convert(m.type, file);
      } else {
        refuse(`the member ${m.getText()}`, file.path);
      }
    }
    return { kind: 'object', props, index, closed: index === null && this.closed };
  }

  private async convert(node: ts.TypeNode, file: ParsedFile): Promise<TypeNode> {
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { kind: 'string' };
      case ts.SyntaxKind.NumberKeyword:
        return { kind: 'number' };
      case ts.SyntaxKind.BooleanKeyword:
        return { kind: 'boolean' };
      case ts.SyntaxKind.UnknownKeyword:
      case ts.SyntaxKind.AnyKeyword:
        return { kind: 'unknown' };
      case ts.SyntaxKind.NullKeyword:
        return { kind: 'null' };
      case ts.SyntaxKind.UndefinedKeyword:
        return { kind: 'unknown', undefinedMarker: true } as TypeNode;
      default:
        break;
    }
    if (ts.isParenthesizedTypeNode(node)) return this.convert(node.type, file);
    if (ts.isLiteralTypeNode(node)) {
      const lit = node.literal;
      if (lit.kind === ts.SyntaxKind.NullKeyword) return { kind: 'null' };
      if (lit.kind === ts.SyntaxKind.TrueKeyword) return { kind: 'literal', value: true };
      if (lit.kind === ts.SyntaxKind.FalseKeyword) return { kind: 'literal', value: false };
      if (ts.isStringLiteral(lit)) return { kind: 'literal', value: lit.text };
      if (ts.isNumericLiteral(lit)) return { kind: 'literal', value: Number(lit.text) };
      if (ts.isPrefixUnaryExpression(lit) && lit.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(lit.operand))
        return { kind: 'literal', value: -Number(lit.operand.text) };
    }
    if (ts.isUnionTypeNode(node)) {
      const members: TypeNode[] = [];
      for (const t of node.types) members.push(await this.convert(t, file));
      // boolean is true | false: keep `boolean` when both literals are there.
      const hasTrue = members.some((m) => m.kind === 'literal' && m.value === true);
      const hasFalse = members.some((m) => m.kind === 'literal' && m.value === false);
      const merged =
        hasTrue && hasFalse
          ? [...members.filter((m) => !(m.kind === 'literal' && typeof m.value === 'boolean')), { kind: 'boolean' } as TypeNode]
          : members;
      const marker = merged.find((m) => (m as { undefinedMarker?: boolean }).undefinedMarker);
      const rest = unionOf(merged.filter((m) => m !== marker));
      return marker ? { kind: 'union', members: [...(rest.kind === 'union' ? rest.members : [rest]), marker] } : rest;
    }
    if (ts.isArrayTypeNode(node)) return { kind: 'array', items: await this.convert(node.elementType, file) };
    if (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword && ts.isArrayTypeNode(node.type))
      return this.convert(node.type, file);
    if (ts.isTypeLiteralNode(node)) return this.members(node.members, file);
    if (ts.isIntersectionTypeNode(node)) {
      const props: Prop[] = [];
      let index: TypeNode | null = null;
      for (const part of node.types) {
        let t = await this.convert(part, file);
        if (t.kind === 'ref') t = this.declarations.find((d) => d.name === (t as { name: string }).name)?.type ?? t;
        if (t.kind !== 'object') return refuse(`the intersection ${node.getText()} of non-object types`, file.path);
        for (const p of t.props) if (!props.some((q) => q.name === p.name)) props.push(p);
        index = index ?? t.index;
      }
      return { kind: 'object', props, index, closed: index === null && this.closed };
    }
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      const name = node.typeName.text;
      const args = node.typeArguments ?? [];
      if (name === 'Date' && args.length === 0) return { kind: 'date' };
      if ((name === 'Array' || name === 'ReadonlyArray') && args.length === 1)
        return { kind: 'array', items: await this.convert(args[0]!, file) };
      if (name === 'Record' && args.length === 2 && args[0]!.kind === ts.SyntaxKind.StringKeyword)
        return { kind: 'object', props: [], index: await this.convert(args[1]!, file), closed: false };
      if (args.length > 0) return refuse(`the generic type ${node.getText()}`, file.path);
      return { kind: 'ref', name: await this.declare(name, file) };
    }
    return refuse(`the type ${node.getText()}`, file.path);
  }
}
