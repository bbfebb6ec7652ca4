/**
 * What a component renders for one set of prop values (a state), read from its JSX without running it:
 * the host elements (lowercase tags) in order with their own text (the text nodes getByText matches)
 * and accessible name when every part of it is known, their aria-label/placeholder/type, and the
 * callback props their onClick/onChange handlers call unconditionally. Expressions it cannot evaluate
 * (calls, maps, locals) make the text around them unknown — no assertion is derived from them.
 * Children of other components are not followed (what they render is theirs).
 */
import ts from 'typescript';
import { unwrap, type ComponentInfo } from './read-component.js';

export type Value =
  | { k: 'str'; v: string }
  | { k: 'num'; v: number }
  | { k: 'bool'; v: boolean }
  | { k: 'undef' }
  | { k: 'fn' }
  | { k: 'arr' }
  | { k: 'obj'; fields: Map<string, Value> }
  | { k: 'unknown' };

export type State = Map<string, Value>;

/** A callback prop a handler calls, and its arguments when they are known. */
export interface Call {
  prop: string;
  args: Value[] | null;
}

export interface HostElement {
  tag: string;
  /** Text of its own text nodes, whitespace-normalized; null when a part is unknown. */
  ownText: string | null;
  /** The accessible name (aria-label, else all descendant text); null when unknown. */
  name: string | null;
  placeholder: string | null;
  type: string | null;
  /** `disabled` is set (true) or may be (null). */
  disabled: boolean | null;
  onClick: Call[];
  onChange: Call[];
  /** A submit button inside a `<form onSubmit>`: what submitting calls. */
  onSubmit: Call[];
}

type Piece = { text: string } | { el: ts.JsxElement | ts.JsxSelfClosingElement } | { unknown: true };

const UNKNOWN: Piece = { unknown: true };
const normalize = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** JSX's own whitespace rule for text children: lines trimmed where they meet a line break, blank lines dropped. */
function jsxText(raw: string): string {
  if (!raw.includes('\n')) return raw;
  const lines = raw.split(/\r?\n/);
  return lines
    .map((line, i) => {
      let l = line;
      if (i > 0) l = l.replace(/^\s+/, '');
      if (i < lines.length - 1) l = l.replace(/\s+$/, '');
      return l;
    })
    .filter((l) => l !== '')
    .join(' ');
}

export class Evaluator {
  constructor(
    private readonly component: ComponentInfo,
    private readonly state: State,
  ) {}

  /** The prop an expression names (`title`, `props.title`), or null. */
  propOf(node: ts.Expression): string | null {
    const n = unwrap(node);
    if (ts.isIdentifier(n)) return this.component.bindings.get(n.text) ?? null;
    if (
      ts.isPropertyAccessExpression(n) &&
      ts.isIdentifier(n.expression) &&
      this.component.propsParam !== null &&
      n.expression.text === this.component.propsParam
    )
      return n.name.text;
    return null;
  }

  valueOf(node: ts.Expression): Value {
    const n = unwrap(node);
    const prop = this.propOf(n);
    if (prop !== null) return this.state.get(prop) ?? { k: 'undef' };
    // task.title, task?.title of an object prop.
    if (ts.isPropertyAccessExpression(n)) {
      const owner = this.valueOf(n.expression);
      if (owner.k === 'obj') return owner.fields.get(n.name.text) ?? { k: 'undef' };
      return { k: 'unknown' };
    }
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return { k: 'str', v: n.text };
    if (ts.isNumericLiteral(n)) return { k: 'num', v: Number(n.text) };
    if (n.kind === ts.SyntaxKind.TrueKeyword) return { k: 'bool', v: true };
    if (n.kind === ts.SyntaxKind.FalseKeyword) return { k: 'bool', v: false };
    if (n.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(n) && n.text === 'undefined')) return { k: 'undef' };
    if (ts.isTemplateExpression(n)) {
      let text = n.head.text;
      for (const span of n.templateSpans) {
        const v = this.valueOf(span.expression);
        if (v.k !== 'str' && v.k !== 'num') return { k: 'unknown' };
        text += String(v.v) + span.literal.text;
      }
      return { k: 'str', v: text };
    }
    if (ts.isConditionalExpression(n)) {
      const t = this.truth(n.condition);
      return t === null ? { k: 'unknown' } : this.valueOf(t ? n.whenTrue : n.whenFalse);
    }
    return { k: 'unknown' };
  }

  /** Whether an expression is truthy in this state, or null when that is not known. */
  truth(node: ts.Expression): boolean | null {
    const n = unwrap(node);
    if (ts.isPrefixUnaryExpression(n) && n.operator === ts.SyntaxKind.ExclamationToken) {
      const t = this.truth(n.operand);
      return t === null ? null : !t;
    }
    if (ts.isBinaryExpression(n)) {
      const op = n.operatorToken.kind;
      if (op === ts.SyntaxKind.AmpersandAmpersandToken || op === ts.SyntaxKind.BarBarToken) {
        const a = this.truth(n.left);
        const b = this.truth(n.right);
        if (op === ts.SyntaxKind.AmpersandAmpersandToken)
          return a === false || b === false ? false : a === null || b === null ? null : true;
        return a === true || b === true ? true : a === null || b === null ? null : false;
      }
      if (
        op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
        op === ts.SyntaxKind.EqualsEqualsToken ||
        op === ts.SyntaxKind.ExclamationEqualsToken
      ) {
        const a = this.valueOf(n.left);
        const b = this.valueOf(n.right);
        const plain = (v: Value): boolean => v.k === 'str' || v.k === 'num' || v.k === 'bool' || v.k === 'undef';
        if (!plain(a) || !plain(b)) return null;
        const same = a.k === b.k && ('v' in a ? a.v : undefined) === ('v' in b ? b.v : undefined);
        return op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken ? same : !same;
      }
      return null;
    }
    const v = this.valueOf(n);
    switch (v.k) {
      case 'str':
        return v.v !== '';
      case 'num':
        return v.v !== 0;
      case 'bool':
        return v.v;
      case 'undef':
        return false;
      case 'fn':
      case 'arr':
      case 'obj':
        return true;
      default:
        return null;
    }
  }

  /** What an expression child renders. */
  pieces(node: ts.Expression): Piece[] {
    const n = unwrap(node);
    if (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n)) return [{ el: n }];
    if (ts.isJsxFragment(n)) return this.children(n.children);
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
      const t = this.truth(n.left);
      if (t === null) return [UNKNOWN];
      if (t) return this.pieces(n.right);
      return this.rendered(this.valueOf(n.left));
    }
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.BarBarToken) {
      const t = this.truth(n.left);
      if (t === null) return [UNKNOWN];
      return t ? this.rendered(this.valueOf(n.left)) : this.pieces(n.right);
    }
    if (ts.isConditionalExpression(n)) {
      const t = this.truth(n.condition);
      if (t === null) return [UNKNOWN];
      return this.pieces(t ? n.whenTrue : n.whenFalse);
    }
    return this.rendered(this.valueOf(n));
  }

  private rendered(v: Value): Piece[] {
    switch (v.k) {
      case 'str':
        return v.v === '' ? [] : [{ text: v.v }];
      case 'num':
        return [{ text: String(v.v) }];
      case 'bool':
      case 'undef':
        return [];
      case 'arr':
        // The arrays given are empty: nothing rendered.
        return [];
      default:
        return [UNKNOWN];
    }
  }

  children(children: ts.NodeArray<ts.JsxChild>): Piece[] {
    const out: Piece[] = [];
    for (const child of children) {
      if (ts.isJsxText(child)) {
        const text = jsxText(child.text);
        if (text.trim() !== '' || (text !== '' && !child.containsOnlyTriviaWhiteSpaces)) out.push({ text });
      } else if (ts.isJsxExpression(child)) {
        if (child.expression) out.push(...this.pieces(child.expression));
      } else if (ts.isJsxFragment(child)) out.push(...this.children(child.children));
      else out.push({ el: child });
    }
    return out;
  }

  /** The host elements rendered for `root`, in document order. */
  hostElements(root: ts.Expression): HostElement[] | null {
    const out: HostElement[] = [];
    const forms: Call[][] = [];
    const walk = (piece: Piece): { text: string | null } => {
      if ('text' in piece) return { text: piece.text };
      if ('unknown' in piece) return { text: null };
      const el = piece.el;
      const opening = ts.isJsxElement(el) ? el.openingElement : el;
      const tag = opening.tagName.getText();
      // Another component: what it renders is not read (its text is unknown to an accessible name around it).
      if (!/^[a-z]/.test(tag)) return { text: null };
      const attr = (name: string): ts.JsxAttribute | undefined =>
        opening.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === name);
      const textAttr = (name: string): string | null => {
        const a = attr(name);
        if (!a?.initializer) return null;
        if (ts.isStringLiteral(a.initializer)) return a.initializer.text;
        if (ts.isJsxExpression(a.initializer) && a.initializer.expression) {
          const v = this.valueOf(a.initializer.expression);
          return v.k === 'str' ? v.v : v.k === 'num' ? String(v.v) : null;
        }
        return null;
      };
      const handler = (name: string): Call[] => {
        const a = attr(name);
        return a?.initializer && ts.isJsxExpression(a.initializer) && a.initializer.expression
          ? this.callsOf(a.initializer.expression, 0)
          : [];
      };
      const disabledAttr = attr('disabled');
      const disabled =
        disabledAttr === undefined
          ? false
          : !disabledAttr.initializer
            ? true
            : ts.isJsxExpression(disabledAttr.initializer) && disabledAttr.initializer.expression
              ? this.truth(disabledAttr.initializer.expression)
              : null;
      const host: HostElement = {
        tag,
        ownText: '',
        name: null,
        placeholder: textAttr('placeholder'),
        type: textAttr('type'),
        disabled,
        onClick: handler('onClick'),
        onChange: handler('onChange'),
        onSubmit: [],
      };
      out.push(host);
      // A button without a type submits its form (the HTML default).
      if (tag === 'button' && (attr('type') === undefined || host.type === 'submit') && forms.length > 0)
        host.onSubmit = forms[forms.length - 1]!;
      if (tag === 'form') forms.push(handler('onSubmit'));
      let own: string | null = '';
      let all: string | null = '';
      const spread = opening.attributes.properties.some((p) => ts.isJsxSpreadAttribute(p));
      if (ts.isJsxElement(el))
        for (const child of this.children(el.children)) {
          const r = walk(child);
          if ('text' in child) own = own === null ? null : own + child.text;
          if ('unknown' in child) own = null;
          all = all === null || r.text === null ? null : all + r.text;
        }
      if (attr('dangerouslySetInnerHTML') || spread) own = all = null;
      if (tag === 'form') forms.pop();
      host.ownText = own === null ? null : normalize(own);
      host.name = textAttr('aria-label') ?? (all === null ? null : normalize(all));
      return { text: all };
    };
    for (const piece of this.pieces(root)) walk(piece);
    return out;
  }

  /**
   * The callback props a handler calls unconditionally (directly, in an arrow, or through a local
   * function), each with the arguments it is called with when every one is a known plain value (null
   * when one is not: the event, a handler parameter, a computed value).
   */
  callsOf(node: ts.Node, depth: number): Call[] {
    if (depth > 3) return [];
    if (ts.isParenthesizedExpression(node)) return this.callsOf(node.expression, depth);
    if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
      const prop = this.propOf(node as ts.Expression);
      // Passed as the handler itself: called with the event.
      if (prop !== null) return this.state.get(prop)?.k === 'fn' ? [{ prop, args: null }] : [];
      if (ts.isIdentifier(node)) {
        const local = this.component.locals.get(node.text);
        return local ? this.callsOf(local, depth + 1) : [];
      }
      return [];
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node)) {
      const body = node.body;
      if (!body) return [];
      const params = new Set<string>();
      const names = (n: ts.Node): void => {
        if (ts.isIdentifier(n)) params.add(n.text);
        else n.forEachChild(names);
      };
      for (const p of node.parameters) names(p.name);
      if (!ts.isBlock(body)) return this.calledIn(body, depth, params);
      // A local declared in the block may shadow a prop too.
      for (const st of body.statements) if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) names(d.name);
      return body.statements.flatMap((st) => (ts.isExpressionStatement(st) ? this.calledIn(st.expression, depth, params) : []));
    }
    return [];
  }

  private calledIn(expression: ts.Expression, depth: number, shadowed: Set<string>): Call[] {
    let e = unwrap(expression);
    if (ts.isAwaitExpression(e) || ts.isVoidExpression(e)) e = unwrap(e.expression);
    if (!ts.isCallExpression(e)) return [];
    const prop = ts.isIdentifier(e.expression) && shadowed.has(e.expression.text) ? null : this.propOf(e.expression);
    if (prop !== null) return this.state.get(prop)?.k === 'fn' ? [{ prop, args: this.argsOf(e.arguments, shadowed) }] : [];
    if (ts.isIdentifier(e.expression) && !shadowed.has(e.expression.text) && this.component.locals.has(e.expression.text))
      // Its arguments are the local's parameters: what it passes on is not followed.
      return this.callsOf(this.component.locals.get(e.expression.text)!, depth + 1).map((c) =>
        e.arguments.length === 0 ? c : { ...c, args: null },
      );
    return [];
  }

  private argsOf(args: ts.NodeArray<ts.Expression>, shadowed: Set<string>): Value[] | null {
    const values: Value[] = [];
    for (const arg of args) {
      let uses = false;
      const visit = (n: ts.Node): void => {
        if (ts.isIdentifier(n) && shadowed.has(n.text)) uses = true;
        n.forEachChild(visit);
      };
      visit(arg);
      if (uses || ts.isSpreadElement(arg)) return null;
      let v = this.valueOf(arg);
      const a = unwrap(arg);
      if (v.k === 'unknown' && ts.isPrefixUnaryExpression(a) && a.operator === ts.SyntaxKind.ExclamationToken) {
        const t = this.truth(a);
        if (t !== null) v = { k: 'bool', v: t };
      }
      if (v.k !== 'str' && v.k !== 'num' && v.k !== 'bool' && v.k !== 'undef') return null;
      values.push(v);
    }
    return values;
  }
}

/** The props a condition of the JSX or an early return depends on, in source order. */
export function conditionProps(component: ComponentInfo, evaluator: Evaluator): string[] {
  const found: string[] = [];
  const add = (node: ts.Expression): void => {
    const visit = (n: ts.Node): void => {
      if (ts.isExpression(n)) {
        const prop = evaluator.propOf(n);
        if (prop !== null && !found.includes(prop)) {
          found.push(prop);
          return;
        }
      }
      n.forEachChild(visit);
    };
    visit(node);
  };
  for (const early of component.earlyReturns) add(early.condition);
  const visit = (n: ts.Node): void => {
    if (
      ts.isBinaryExpression(n) &&
      (n.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken || n.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    )
      add(n.left);
    if (ts.isConditionalExpression(n)) add(n.condition);
    // Handlers' bodies are not rendering conditions.
    if (ts.isArrowFunction(n) || ts.isFunctionExpression(n)) return;
    n.forEachChild(visit);
  };
  visit(component.jsx);
  return found;
}

/** The JSX the component returns in this state (an early return whose condition holds), or null when a condition is unknown. */
export function rootFor(component: ComponentInfo, evaluator: Evaluator): ts.Expression | null {
  for (const early of component.earlyReturns) {
    const t = evaluator.truth(early.condition);
    if (t === null) return null;
    if (t) return early.jsx;
  }
  return component.jsx;
}
