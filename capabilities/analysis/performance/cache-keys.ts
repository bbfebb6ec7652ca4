/**
 * Are a module-level cache's keys drawn from a small fixed set (a language, an enum member, a string-literal
 * union, the items of a constant list) or from unbounded input (request data, exported functions'
 * parameters, ids, paths, arbitrary strings)? A cache over a fixed set stops growing after its first few
 * entries, so only the second kind is a leak.
 *
 * Syntax only, one file at a time (so results stay memoisable per file): types are read from annotations
 * and resolved against the file's own enums and type aliases; names are resolved to their declarations in
 * the file; a non-exported function's parameter is judged by what the file's own calls pass it. Anything
 * that cannot be shown bounded counts as unbounded.
 */
import {
  ancestors,
  callArguments,
  fieldChild,
  isFunction,
  namedChildren,
  nodesOfType,
  skipParens,
  textOf,
  walk,
  type SyntaxNode as Node,
} from '../../../core/index.js';
import { callsNamed } from './calls-by-name.js';

/**
 * Imported type names that conventionally name a small closed set. Without the imported file there is no
 * declaration to read, so the name is the evidence; names of things with identity (`UserId`, `FilePath`,
 * `Node`) do not match and stay unbounded.
 */
const ENUM_LIKE_TYPE =
  /(Kind|Type|Language|Lang|Mode|Level|Severity|Status|State|Format|Variant|Phase|Stage|Category|Tier|Env|Environment|Locale|Direction|Role|Method|Dialect|Flavou?r|Strategy|Priority|Group)$/;
const UNBOUNDED_PREDEFINED = new Set(['string', 'number', 'bigint', 'symbol', 'any', 'unknown', 'object']);
const COMPARISON = new Set(['===', '!==', '==', '!=', '<', '<=', '>', '>=', 'in', 'instanceof']);
const LITERALS = new Set(['string', 'number', 'true', 'false', 'null', 'undefined']);
const REFERENCES = ['identifier', 'shorthand_property_identifier'];
/** How many calls and declarations deep a key is followed before it is taken as unbounded. */
const MAX_DEPTH = 5;

export class CacheKeys {
  /** Top-level declarations by name: `const`s, functions, enums, type aliases. */
  private readonly topLevel = new Map<string, Node>();
  /** Names used as values somewhere other than a call's callee or their own declaration. */
  private escapedNames?: Set<string>;

  constructor(
    private readonly root: Node,
    private readonly source: string,
  ) {
    for (const statement of root.children) {
      const declaration = statement.type === 'export_statement' ? fieldChild(statement, 'declaration') : statement;
      if (!declaration) continue;
      if (declaration.type === 'lexical_declaration' || declaration.type === 'variable_declaration') {
        for (const d of declaration.children) {
          const name = d.type === 'variable_declarator' ? fieldChild(d, 'name') : undefined;
          if (name?.type === 'identifier') this.topLevel.set(this.text(name), d);
        }
      } else {
        const name = fieldChild(declaration, 'name');
        if (name) this.topLevel.set(this.text(name), declaration);
      }
    }
  }

  /** Whether a collection's declared key type (`new Map<K, V>()`, `const m: Record<K, V> = {}`) is a closed set. */
  declaredKeyTypeIsBounded(declarator: Node): boolean {
    const value = skipParens(fieldChild(declarator, 'value'));
    const fromConstructor = value?.type === 'new_expression' ? fieldChild(value, 'type_arguments') : undefined;
    const annotation = fieldChild(declarator, 'type');
    const generic = annotation ? namedChildren(annotation)[0] : undefined;
    const fromAnnotation = generic?.type === 'generic_type' ? fieldChild(generic, 'type_arguments') : undefined;
    const args = fromConstructor ?? fromAnnotation;
    const key = args ? namedChildren(args)[0] : undefined;
    return key !== undefined && this.typeIsBounded(key, 0);
  }

  /** Whether the key expression `expr` can only take a fixed set of values. */
  keyIsBounded(expr: Node | undefined, depth = 0): boolean {
    const node = skipParens(expr);
    if (!node || depth > MAX_DEPTH) return false;
    switch (node.type) {
      case 'string':
      case 'number':
      case 'true':
      case 'false':
      case 'null':
      case 'undefined':
        return true;
      case 'template_string':
        return namedChildren(node)
          .filter((c) => c.type === 'template_substitution')
          .every((s) => this.keyIsBounded(namedChildren(s)[0], depth + 1));
      case 'unary_expression':
        return /^(typeof|!|void)/.test(this.text(node));
      case 'binary_expression': {
        const operator = this.operatorOf(node);
        if (COMPARISON.has(operator)) return true;
        return (
          ['??', '||', '&&', '+'].includes(operator) &&
          this.keyIsBounded(fieldChild(node, 'left'), depth + 1) &&
          this.keyIsBounded(fieldChild(node, 'right'), depth + 1)
        );
      }
      case 'ternary_expression':
        return (
          this.keyIsBounded(fieldChild(node, 'consequence'), depth + 1) && this.keyIsBounded(fieldChild(node, 'alternative'), depth + 1)
        );
      case 'as_expression':
      case 'satisfies_expression': {
        const [inner, type] = namedChildren(node);
        return (type !== undefined && this.typeIsBounded(type, depth)) || this.keyIsBounded(inner, depth + 1);
      }
      case 'non_null_expression':
        return this.keyIsBounded(namedChildren(node)[0], depth + 1);
      case 'member_expression':
      case 'subscript_expression':
        // `Kind.Fast`, `LIMITS[name]`: a member of an enum or of a constant table is one of its few values.
        return this.isConstantTable(fieldChild(node, 'object'));
      case 'call_expression':
        return this.returnsBounded(node, depth);
      case 'identifier':
        return this.identifierIsBounded(node, depth);
      default:
        return false;
    }
  }

  private text(node: Node): string {
    return textOf(node, this.source);
  }

  private operatorOf(binary: Node): string {
    const operator = fieldChild(binary, 'operator') ?? binary.children.find((c) => !c.named);
    return operator ? this.text(operator) : '';
  }

  private typeIsBounded(type: Node | undefined, depth: number, seen = new Set<string>()): boolean {
    if (!type || depth > MAX_DEPTH) return false;
    switch (type.type) {
      case 'type_annotation':
      case 'parenthesized_type':
        return this.typeIsBounded(namedChildren(type)[0], depth, seen);
      case 'literal_type':
      case 'index_type_query':
        return true;
      case 'union_type':
        return namedChildren(type).every((t) => this.typeIsBounded(t, depth, seen));
      case 'predefined_type':
        return !UNBOUNDED_PREDEFINED.has(this.text(type));
      case 'lookup_type': {
        // `(typeof KINDS)[number]`: the element type of a constant list.
        const object = namedChildren(type)[0];
        return object !== undefined && /^\(?typeof\b/.test(this.text(object));
      }
      case 'type_identifier': {
        const name = this.text(type);
        if (seen.has(name)) return false;
        const declaration = this.topLevel.get(name);
        if (declaration?.type === 'enum_declaration') return true;
        if (declaration?.type === 'type_alias_declaration')
          return this.typeIsBounded(fieldChild(declaration, 'value'), depth + 1, new Set([...seen, name]));
        if (declaration) return false;
        return ENUM_LIKE_TYPE.test(name);
      }
      case 'nested_type_identifier':
        return ENUM_LIKE_TYPE.test(this.text(type));
      default:
        return false;
    }
  }

  /** An enum, or a top-level `const` holding an object or array literal (a lookup table). */
  private isConstantTable(object: Node | undefined): boolean {
    const node = skipParens(object);
    if (node?.type !== 'identifier') return false;
    const declaration = this.topLevel.get(this.text(node));
    if (declaration?.type === 'enum_declaration') return true;
    return (
      declaration?.type === 'variable_declarator' && this.isConst(declaration) && this.isLiteralTable(fieldChild(declaration, 'value'))
    );
  }

  private isConst(declarator: Node): boolean {
    return /^const\b/.test(this.text(declarator.parent!));
  }

  private isLiteralTable(value: Node | undefined): boolean {
    let node = skipParens(value);
    while (node && (node.type === 'as_expression' || node.type === 'satisfies_expression')) node = skipParens(namedChildren(node)[0]);
    if (node?.type === 'call_expression' && /^Object\.freeze$/.test(this.text(fieldChild(node, 'function')!)))
      node = skipParens(callArguments(node)[0]);
    return node?.type === 'array' || node?.type === 'object';
  }

  /** The items of a constant list or the keys of a constant table: `KINDS`, `Object.keys(TABLE)`, `['a', 'b']`. */
  private isConstantCollection(expr: Node | undefined): boolean {
    const node = skipParens(expr);
    if (!node) return false;
    if (node.type === 'array')
      return namedChildren(node).every((c) => LITERALS.has(c.type) || this.isConstantTable(fieldChild(c, 'object')));
    if (node.type === 'identifier') return this.isConstantTable(node);
    if (node.type === 'call_expression' && /^Object\.(keys|values|entries)$/.test(this.text(fieldChild(node, 'function')!)))
      return this.isConstantTable(callArguments(node)[0]);
    return false;
  }

  /** `languageOf(file)` where the file's own `languageOf` returns literals or is annotated with a closed type. */
  private returnsBounded(call: Node, depth: number): boolean {
    const callee = fieldChild(call, 'function');
    if (callee?.type !== 'identifier') return false;
    const fn = this.functionNamed(this.text(callee));
    if (!fn) return false;
    const returnType = fieldChild(fn, 'return_type');
    if (returnType) return this.typeIsBounded(returnType, depth + 1);
    const body = fieldChild(fn, 'body');
    if (!body) return false;
    if (body.type !== 'statement_block') return this.keyIsBounded(body, depth + 1);
    const returned: Node[] = [];
    walk(body, (n) => {
      if (n !== body && isFunction(n)) return false;
      if (n.type === 'return_statement') returned.push(namedChildren(n)[0] ?? n);
      return undefined;
    });
    return returned.length > 0 && returned.every((r) => r.type === 'return_statement' || this.keyIsBounded(r, depth + 1));
  }

  /** A top-level `function name` or `const name = (...) => ...` of this file. */
  private functionNamed(name: string): Node | undefined {
    const declaration = this.topLevel.get(name);
    if (declaration && isFunction(declaration)) return declaration;
    const value = declaration?.type === 'variable_declarator' ? skipParens(fieldChild(declaration, 'value')) : undefined;
    return value && isFunction(value) ? value : undefined;
  }

  /** Resolves `name` to its nearest declaration (parameter, loop variable, local or top-level const) and judges that. */
  private identifierIsBounded(id: Node, depth: number): boolean {
    const name = this.text(id);
    for (const scope of ancestors(id)) {
      if (isFunction(scope)) {
        const index = this.parameterIndex(scope, name);
        if (index !== undefined) return this.parameterIsBounded(scope, index, depth);
      } else if (scope.type === 'for_in_statement') {
        const left = fieldChild(scope, 'left');
        if (left?.type === 'identifier' && this.text(left) === name) return this.isConstantCollection(fieldChild(scope, 'right'));
      } else if (scope.type === 'statement_block' || scope.type === 'program') {
        const declarator = this.localDeclarator(scope, name);
        if (declarator) return this.declaratorIsBounded(declarator, depth);
      }
    }
    return false;
  }

  private localDeclarator(block: Node, name: string): Node | undefined {
    for (const statement of block.children) {
      const declaration = statement.type === 'export_statement' ? fieldChild(statement, 'declaration') : statement;
      if (declaration?.type !== 'lexical_declaration' && declaration?.type !== 'variable_declaration') continue;
      const found = declaration.children.find(
        (d) =>
          d.type === 'variable_declarator' && fieldChild(d, 'name')?.type === 'identifier' && this.text(fieldChild(d, 'name')!) === name,
      );
      if (found) return found;
    }
    return undefined;
  }

  private declaratorIsBounded(declarator: Node, depth: number): boolean {
    const type = fieldChild(declarator, 'type');
    if (type && this.typeIsBounded(type, depth + 1)) return true;
    // A `let` may be reassigned anywhere; only a `const`'s initialiser says what it holds.
    return this.isConst(declarator) && this.keyIsBounded(fieldChild(declarator, 'value'), depth + 1);
  }

  /** The position of the plain (not destructured) parameter called `name`, if `fn` has one. */
  private parameterIndex(fn: Node, name: string): number | undefined {
    const parameters = fieldChild(fn, 'parameters') ?? fieldChild(fn, 'parameter');
    if (!parameters) return undefined;
    if (parameters.type === 'identifier') return this.text(parameters) === name ? 0 : undefined;
    const list = namedChildren(parameters);
    const index = list.findIndex((p) => {
      const pattern = p.type === 'identifier' ? p : (fieldChild(p, 'pattern') ?? fieldChild(p, 'left'));
      return pattern?.type === 'identifier' && this.text(pattern) === name;
    });
    return index === -1 ? undefined : index;
  }

  private parameterIsBounded(fn: Node, index: number, depth: number): boolean {
    const parameters = fieldChild(fn, 'parameters') ?? fieldChild(fn, 'parameter')!;
    const parameter = parameters.type === 'identifier' ? parameters : namedChildren(parameters)[index]!;
    if (this.typeIsBounded(fieldChild(parameter, 'type'), depth + 1)) return true;
    // `KINDS.forEach((kind) => ...)`: a callback over a constant list sees only its items.
    const args = fn.parent;
    const call = args?.parent;
    if (args?.type === 'arguments' && call?.type === 'call_expression') {
      const callee = fieldChild(call, 'function');
      return (
        index === 0 &&
        callee?.type === 'member_expression' &&
        /^(forEach|map|flatMap|filter|some|every|find|reduce)$/.test(this.text(fieldChild(callee, 'property')!)) &&
        callArguments(call)[0] === fn &&
        this.isConstantCollection(fieldChild(callee, 'object'))
      );
    }
    // Whoever may call an exported function, a route handler or a method can pass anything.
    const name = this.functionName(fn);
    if (!name || this.isExported(fn) || this.escapes(name)) return false;
    const calls = this.callsTo(name);
    return (
      calls.length > 0 &&
      calls.every((call) => {
        const arg = callArguments(call)[index];
        return arg === undefined || this.keyIsBounded(arg, depth + 1);
      })
    );
  }

  /** The name of a top-level function declaration or of the `const` an arrow/function expression initialises. */
  private functionName(fn: Node): string | undefined {
    if (fn.type === 'method_definition') return undefined;
    const own = fieldChild(fn, 'name');
    if (own) return this.functionNamed(this.text(own)) === fn ? this.text(own) : undefined;
    const declarator = fn.parent;
    const name = declarator?.type === 'variable_declarator' ? fieldChild(declarator, 'name') : undefined;
    return name && this.functionNamed(this.text(name)) === fn ? this.text(name) : undefined;
  }

  private isExported(fn: Node): boolean {
    return ancestors(fn)
      .slice(0, 3)
      .some((a) => a.type === 'export_statement');
  }

  /** Is `name` used other than as a callee or its own declaration: exported by list, `module.exports`, passed as a callback? */
  private escapes(name: string): boolean {
    if (!this.escapedNames) {
      const escaped = new Set<string>();
      for (const n of nodesOfType(this.root, REFERENCES)) {
        const parent = n.parent!;
        if (parent.type === 'call_expression' && n.field === 'function') continue;
        if ((parent.type === 'variable_declarator' || isFunction(parent)) && n.field === 'name') continue;
        escaped.add(this.text(n));
      }
      this.escapedNames = escaped;
    }
    return this.escapedNames.has(name);
  }

  private callsTo(name: string): Node[] {
    return callsNamed(this.root, this.source, [name]).filter((n) => fieldChild(n, 'function')?.type === 'identifier');
  }
}
