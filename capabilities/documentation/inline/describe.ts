/**
 * The text of a generated doc comment, derived from the declaration only: a summary from the name
 * (vocabulary.ts) and what the code shows, `@param` for every parameter under its real name (with its
 * default), `@returns` when the function returns a value (the checker's return type, promises
 * unwrapped), `@throws` for each `throw` directly in the body that no `try` around it can catch, with the
 * condition of the `if` that guards it.
 */
import ts from 'typescript';
import type { Candidate } from './candidates.js';
import { PREDICATES, VERBS } from './vocabulary.js';
import { sentence, wordsOf } from './words.js';

export interface DocText {
  summary: string;
  params: { name: string; text: string }[];
  returns: string | null;
  throws: { type: string; text: string }[];
}

const MAX_CONDITION = 100;
const article = (words: string): string => (/^[aeiou]/.test(words) ? 'An' : 'A');
const code = (text: string): string => `\`${text.replace(/\s+/g, ' ').replace(/`/g, "'")}\``;

function returnsValue(fn: ts.SignatureDeclaration, checker: ts.TypeChecker): ts.Type | null {
  if (ts.isConstructorDeclaration(fn) || ts.isSetAccessorDeclaration(fn)) return null;
  const signature = checker.getSignatureFromDeclaration(fn);
  if (!signature) return null;
  let type = checker.getReturnTypeOfSignature(signature);
  const isAsync = (ts.getCombinedModifierFlags(fn as ts.Declaration) & ts.ModifierFlags.Async) !== 0;
  if (isAsync || type.getSymbol()?.getName() === 'Promise') type = checker.getAwaitedType(type) ?? type;
  const empty = ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Never;
  if (type.flags & empty) return null;
  if (type.isUnion() && type.types.every((t) => t.flags & empty)) return null;
  return type;
}

/** `throw` statements of the function itself: not in nested functions/classes, not inside a `try` block. */
function throwsOf(fn: ts.SignatureDeclaration, checker: ts.TypeChecker, source: ts.SourceFile): DocText['throws'] {
  const body = 'body' in fn ? (fn.body as ts.Node | undefined) : undefined;
  if (!body) return [];
  const found: DocText['throws'] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isTryStatement(node)) {
      if (node.catchClause) visit(node.catchClause.block);
      if (node.finallyBlock) visit(node.finallyBlock);
      return;
    }
    if (ts.isThrowStatement(node)) {
      const thrown = node.expression;
      const type =
        ts.isNewExpression(thrown) && ts.isIdentifier(thrown.expression)
          ? thrown.expression.text
          : checker.typeToString(checker.getTypeAtLocation(thrown));
      const guard = guardOf(node, body);
      const condition = guard ? guard.getText(source) : null;
      const text =
        condition && condition.length <= MAX_CONDITION
          ? `If ${code(condition)}.`
          : condition
            ? 'When the guard before it fails (see the source).'
            : 'Always, when called.';
      if (!found.some((f) => f.type === type && f.text === text)) found.push({ type, text });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/** The condition of the nearest `if` whose then-branch holds the throw (within the body). */
function guardOf(node: ts.Node, body: ts.Node): ts.Expression | null {
  let child = node;
  for (let parent = node.parent; parent && parent !== body.parent; child = parent, parent = parent.parent) {
    if (ts.isIfStatement(parent) && parent.thenStatement === child) return parent.expression;
    if (ts.isIfStatement(parent) && parent.elseStatement === child) return null;
  }
  return null;
}

function paramText(param: ts.ParameterDeclaration, checker: ts.TypeChecker, source: ts.SourceFile): string {
  const name = (param.name as ts.Identifier).text;
  const type = checker.getTypeAtLocation(param);
  const callable = type.getCallSignatures().length > 0;
  let text = `The ${wordsOf(name).join(' ')}${callable ? ' function' : ''}`;
  if (param.initializer) text += ` (default ${code(param.initializer.getText(source))})`;
  else if (param.questionToken) text += ' (optional)';
  return sentence(text);
}

function subjectOf(candidate: Candidate): string {
  const params = candidate.fn?.parameters ?? [];
  const first = params[0];
  if (first && ts.isIdentifier(first.name)) return `the given ${wordsOf(first.name.text).join(' ')}`;
  return candidate.owner ? `this ${wordsOf(candidate.owner).join(' ')}` : 'it';
}

/** `enable` -> `enables`, `push` -> `pushes`, `apply` -> `applies`: a void function's name read as what it does. */
function thirdPerson(verb: string): string {
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

function functionSummary(candidate: Candidate, returnsValue: boolean): { summary: string; returns: string | null } {
  const words = wordsOf(candidate.name);
  const [first = '', ...rest] = words;
  const restText = rest.join(' ');
  if (candidate.kind === 'accessor')
    return { summary: sentence(`Gets the ${words.join(' ')}`), returns: sentence(`The ${words.join(' ')}`) };
  if (PREDICATES[first] && rest.length > 0) {
    const subject = subjectOf(candidate);
    return {
      summary: sentence(`Checks whether ${subject} ${PREDICATES[first]} ${restText}`),
      returns: `\`true\` if ${subject} ${PREDICATES[first]} ${restText}, otherwise \`false\`.`,
    };
  }
  const verb = VERBS[first];
  if (verb) {
    const object = restText ? `the ${restText}` : subjectOf(candidate);
    return {
      summary: sentence(`${verb.says} ${object}`),
      returns: sentence(verb.returns.replace('{rest}', restText || 'result').replace(/\s+\./, '.')),
    };
  }
  // Nothing returned: the name is what it does (`enablePatches` -> "Enables patches."), not a value.
  if (!returnsValue && rest.length > 0) return { summary: sentence(`${thirdPerson(first)} ${restText}`), returns: null };
  return { summary: sentence(`Returns the ${words.join(' ')}`), returns: sentence(`The ${words.join(' ')}`) };
}

export function describeCandidate(candidate: Candidate, checker: ts.TypeChecker, source: ts.SourceFile): DocText {
  const words = wordsOf(candidate.name).join(' ');
  switch (candidate.kind) {
    case 'class':
      return { summary: sentence(`${article(words)} ${words}`), params: [], returns: null, throws: [] };
    case 'interface':
    case 'type':
      return {
        summary: sentence(`The shape of ${/s$/.test(words) ? '' : `${article(words).toLowerCase()} `}${words}`),
        params: [],
        returns: null,
        throws: [],
      };
    case 'enum':
      return { summary: sentence(`The ${words} values`), params: [], returns: null, throws: [] };
    case 'variable':
    case 'namespace':
      return { summary: sentence(`The ${words}`), params: [], returns: null, throws: [] };
    default:
      break;
  }
  const fn = candidate.fn!;
  const params = fn.parameters
    .filter((p) => ts.isIdentifier(p.name) && p.name.text !== 'this')
    .map((p) => ({ name: (p.name as ts.Identifier).text, text: paramText(p, checker, source) }));
  const throws = throwsOf(fn, checker, source);
  if (candidate.kind === 'constructor')
    return { summary: sentence(`Creates a ${wordsOf(candidate.owner ?? '').join(' ')}`), params, returns: null, throws };
  const returnType = returnsValue(fn, checker);
  const { summary, returns } = functionSummary(candidate, returnType !== null);
  const returnsThis = fn.type?.kind === ts.SyntaxKind.ThisType;
  const returnsText =
    returnType === null ? null : returnsThis ? `This ${wordsOf(candidate.owner ?? 'object').join(' ')}, for chaining.` : returns;
  return { summary, params, returns: returnsText, throws };
}

/** The comment block, indented like the declaration. TypeScript files get TSDoc's `{@link Type}` in @throws. */
export function renderComment(doc: DocText, indent: string, tsdoc: boolean): string {
  const lines = [doc.summary];
  if (doc.params.length > 0 || doc.returns || doc.throws.length > 0) lines.push('');
  for (const p of doc.params) lines.push(`@param ${p.name} - ${p.text}`);
  if (doc.returns) lines.push(`@returns ${doc.returns}`);
  for (const t of doc.throws) lines.push(`@throws ${tsdoc ? `{@link ${t.type}}` : `{${t.type}}`} ${t.text}`);
  return `/**\n${lines.map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n')}\n${indent} */\n${indent}`;
}
