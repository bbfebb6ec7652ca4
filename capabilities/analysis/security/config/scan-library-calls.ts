/**
 * The syntactic families the library models declare on calls (no taint needed): literal secrets in
 * secret positions (`jwt.sign(x, 'shhhhh')`, `session({ secret: 'keyboard cat' })`, `password: 'admin'`
 * in a database client), dangerous literal options (`{ noent: true }`, `cookie: { secure: false }`,
 * a missing `algorithms`), and `http://`/`ws://` URLs passed to HTTP and WebSocket clients.
 * One pass over the calls and `new`s of a file, and only of files that import a modelled module or
 * spell one of the words these rules start from.
 */
import { nodesOfType } from '../../../../core/index.js';
import { MODELS, OPTION_RULES, SECRET_POSITIONS, SINKS } from '../models/index.js';
import { matchCallee, type CallSite } from '../models/match-callee.js';
import type { OptionRule, SecretPosition } from '../models/types.js';
import { callArguments, dottedName, lastSegment } from '../syntax/names.js';
import { constantObject, literalNode, memberNode } from '../syntax/constants.js';
import { field, unwrap, type Node } from '../syntax/tree.js';
import { rangeOf, stringValue, textOf, type SourceFile } from '../syntax/source-file.js';
import { localsOf, type FileFacts } from '../taint/facts.js';
import { RARE_STRINGS } from '../taint/input-triggers.js';
import { stringFacts } from '../syntax/string-literals.js';
import type { RawFinding } from '../raw-finding.js';

const CALL_MODELS = MODELS.filter(
  (m) => (m.secrets?.length ?? 0) + (m.options?.length ?? 0) > 0 || m.sinks?.some((s) => s.kind === 'ssrf'),
);
const MODULES = new Set(CALL_MODELS.flatMap((m) => m.modules));
const LAST_SEGMENTS = new Set([...SECRET_POSITIONS.lastSegments, ...OPTION_RULES.lastSegments]);
/** Assumed locals of those models called or dereferenced (`jwt.sign`, `session({...})` in a snippet without imports), and AngularJS's injected `$sceProvider`. */
const ASSUMED = new RegExp([...CALL_MODELS.flatMap((m) => m.assumedLocals ?? []).map((l) => `${l}[.(]`), '\\$sceProvider\\.'].join('|'));
const INSECURE_URL = /^(http|ws):\/\/([^/:?#\s]+)/i;
/** Hosts where plain text never leaves the machine or the cluster, and XML/JSON namespace URIs (names, never fetched). */
const LOCAL_HOST =
  /^(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\]|::1|[\w-]+\.local|[\w-]+\.localhost|[\w-]+\.internal|[\w-]+\.svc(\.cluster\.local)?|host\.docker\.internal|www\.w3\.org|schemas\.[\w.]+|xmlns\.[\w.]+|json-schema\.org|purl\.org|ns\.adobe\.com)$/i;
const PUBLIC_MATERIAL = /-----BEGIN (PUBLIC KEY|CERTIFICATE|RSA PUBLIC KEY)/;

/**
 * The gate: a modelled import, an `http://`/`ws://` literal (../syntax/string-literals.ts, one pass
 * shared with other rules), or, in a file that imports nothing, an assumed local.
 */
function relevant(file: SourceFile, facts: FileFacts): boolean {
  for (const m of facts.modules) if (MODULES.has(m)) return true;
  if (facts.imports.length === 0 && ASSUMED.test(file.source)) return true;
  return stringFacts(file, RARE_STRINGS).plainUrl;
}

export function scanLibraryCalls(file: SourceFile, facts: FileFacts): RawFinding[] {
  if (!relevant(file, facts)) return [];
  const out: RawFinding[] = [];
  const reported = new Set<Node>();
  for (const call of nodesOfType(file.root, ['call_expression', 'new_expression'])) {
    const construct = call.type === 'new_expression';
    const calleeNode = field(call, construct ? 'constructor' : 'function');
    if (!calleeNode) continue;
    const callee = dottedName(file, calleeNode);
    const root = callee.split('.')[0]!;
    if (!LAST_SEGMENTS.has(lastSegment(callee)) && !SINKS.lastSegments.has(lastSegment(callee)) && !localsOf(file, facts).has(root))
      continue;
    const site: CallSite = { file, facts, calleeNode, callee, construct };
    const args = callArguments(call);
    for (const position of matchCallee(SECRET_POSITIONS, site)) secretAt(file, position, args, callee, reported, out);
    optionFindings(file, call, args, matchCallee(OPTION_RULES, site), out);
    for (const sink of matchCallee(SINKS, site))
      if (sink.kind === 'ssrf') insecureUrl(file, sink.args, sink.members, args, callee, reported, out);
  }
  return out;
}

function positionNodes(file: SourceFile, args: Node[], arg: number, members: readonly string[] | undefined): Node[] {
  const node = args[arg];
  if (!node) return [];
  if (!members) return [node];
  const object = unwrap(node);
  return members.flatMap((m) => {
    const value = memberNode(file, object, m);
    if (!value) return [];
    // `keys: ['k1', 'k2']` (cookie-session): every element.
    return value.type === 'array' ? value.children.filter((c) => c.named) : [value];
  });
}

function secretAt(file: SourceFile, position: SecretPosition, args: Node[], callee: string, reported: Set<Node>, out: RawFinding[]): void {
  for (const node of positionNodes(file, args, position.arg, position.members)) {
    const literal = literalNode(file, node);
    const value = literal ? stringValue(file, literal) : null;
    if (!literal || !value || reported.has(literal) || PUBLIC_MATERIAL.test(value) || isEnvFallback(file, literal)) continue;
    reported.add(literal);
    const elsewhere =
      literal.startIndex < node.startIndex || literal.startIndex > node.endIndex
        ? ` (used by ${callee}() on line ${rangeOf(node).startLine})`
        : '';
    out.push({
      ruleId: position.ruleId,
      range: rangeOf(literal),
      message: `Literal ${position.what} in ${callee}()${elsewhere}: whatever it looks like, it is a credential in the repository.`,
      data: {
        position: `${callee} argument ${position.arg + 1}${position.members ? ` .${position.members.join('/')}` : ''}`,
        length: value.length,
      },
    });
  }
}

/** `process.env.JWT_SECRET || 'dev'`: reported as security/secret-fallback by ../secrets/. */
function isEnvFallback(file: SourceFile, literal: Node): boolean {
  const parent = literal.parent;
  return parent?.type === 'binary_expression' && /^process\.env\b/.test(textOf(file, unwrap(field(parent, 'left')!)));
}

function literalText(file: SourceFile, node: Node): string {
  const n = unwrap(node);
  return stringValue(file, n) ?? textOf(file, n);
}

/**
 * Option rules of one call: each dangerous value where it is; the missing options of a rule join the
 * call's first finding of that rule, or make one finding at the call.
 */
function optionFindings(file: SourceFile, call: Node, args: Node[], rules: OptionRule[], out: RawFinding[]): void {
  const missing = new Map<string, OptionRule[]>();
  const first = new Map<string, RawFinding>();
  for (const rule of rules) {
    const given = args[rule.arg] ? unwrap(args[rule.arg]!) : undefined;
    // `parseXml(xml, PARSE_OPTIONS)`: the object literal a constant of the file holds.
    const options = given?.type === 'identifier' ? (constantObject(file, given) ?? given) : given;
    if (rule.is === 'missing') {
      if (isMissing(file, options, rule.option)) missing.set(rule.ruleId, [...(missing.get(rule.ruleId) ?? []), rule]);
      continue;
    }
    // An empty option path is the argument itself (`$sceProvider.enabled(false)`).
    const value = rule.option === '' ? given : memberNode(file, options, rule.option);
    if (value && rule.is.includes(literalText(file, value))) {
      // Options written in place are reported where the option is; options from a constant, at the call that uses them.
      const where = options === given ? (value.parent?.type === 'pair' ? value.parent : value) : call;
      const finding: RawFinding = {
        ruleId: rule.ruleId,
        range: rangeOf(where),
        message: rule.message,
        ...(rule.severity ? { severity: rule.severity } : {}),
        fix: rule.fix,
        data: { option: rule.option },
      };
      if (!first.has(rule.ruleId)) first.set(rule.ruleId, finding);
      out.push(finding);
    }
  }
  for (const [ruleId, list] of missing) {
    const joined = first.get(ruleId);
    if (joined) {
      joined.message = [joined.message, ...list.map((r) => r.message)].join(' ');
      joined.data = { ...joined.data, missing: list.map((r) => r.option) };
      continue;
    }
    out.push({
      ruleId,
      range: rangeOf(call),
      message: list.map((r) => r.message).join(' '),
      ...(list[0]!.severity ? { severity: list[0]!.severity } : {}),
      fix: [...new Set(list.map((r) => r.fix))].join(' '),
      data: { missing: list.map((r) => r.option) },
    });
  }
}

/** An option is missing only from an object literal that spells out its options (a spread or a variable may set it). */
function isMissing(file: SourceFile, options: Node | undefined, path: string): boolean {
  if (options?.type !== 'object') return options === undefined;
  let current: Node | undefined = options;
  for (const key of path.split('.')) {
    if (current?.type !== 'object') return false;
    if (current.children.some((c) => c.type === 'spread_element')) return false;
    const next: Node | undefined = memberNode(file, current, key);
    if (next === undefined) return true;
    current = next;
  }
  return false;
}

function insecureUrl(
  file: SourceFile,
  argSpec: readonly number[] | 'all' | 'nonNumeric' | 'rest',
  members: readonly string[] | undefined,
  args: Node[],
  callee: string,
  reported: Set<Node>,
  out: RawFinding[],
): void {
  const indexes = Array.isArray(argSpec) ? argSpec : [0];
  for (const i of indexes as readonly number[]) {
    const node = args[i];
    if (!node) continue;
    const candidates =
      members && unwrap(node).type === 'object'
        ? members.map((m) => memberNode(file, unwrap(node), m)).filter((n): n is Node => !!n)
        : [node];
    for (const c of candidates) {
      const literal = urlLiteral(file, c);
      const url = literal ? (stringValue(file, literal) ?? templateHead(file, literal)) : null;
      const m = url ? INSECURE_URL.exec(url) : null;
      if (!literal || !m || LOCAL_HOST.test(m[2]!) || reported.has(literal)) continue;
      reported.add(literal);
      out.push({
        ruleId: 'security/insecure-transport',
        range: rangeOf(literal),
        message: `${callee}() connects to ${m[1]!.toLowerCase()}://${m[2]} without TLS.`,
        data: { host: m[2], scheme: m[1]!.toLowerCase() },
      });
    }
  }
}

/** The literal a URL argument starts with: the literal itself, a named constant, the left end of `+`, or a template's head. */
function urlLiteral(file: SourceFile, node: Node): Node | null {
  let n = unwrap(node);
  while (n.type === 'binary_expression') n = unwrap(field(n, 'left')!);
  if (n.type === 'template_string') return n;
  return literalNode(file, n);
}

function templateHead(file: SourceFile, template: Node): string | null {
  const first = template.children.find((c) => c.type === 'string_fragment');
  return first && first.startIndex === template.startIndex + 1 ? textOf(file, first) : null;
}
