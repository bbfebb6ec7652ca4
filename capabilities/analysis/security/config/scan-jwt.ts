/** JWT misuse with jsonwebtoken: the "none" algorithm, decode without verify, verify without pinned algorithms. */
import { field, FUNCTION_TYPES, unwrap, walk, type Node } from '../syntax/tree.js';
import { rangeOf, textOf, type SourceFile } from '../syntax/source-file.js';
import { callArguments, calleeMethod, dottedName, lastSegment } from '../syntax/names.js';
import type { ImportBinding } from '../syntax/imports.js';
import type { RawFinding } from '../raw-finding.js';
import { option } from './object-options.js';
import { forEachOfType } from '../../../../core/index.js';

const JWT_FUNCTIONS = new Set(['sign', 'verify', 'decode']);

export function scanJwt(file: SourceFile, imports: ImportBinding[]): RawFinding[] {
  const namespaces = new Set(
    imports.filter((b) => b.module === 'jsonwebtoken' && (b.imported === '*' || b.imported === 'default')).map((b) => b.local),
  );
  const named = new Map(
    imports.filter((b) => b.module === 'jsonwebtoken' && b.imported !== '*' && b.imported !== 'default').map((b) => [b.local, b.imported]),
  );
  if (namespaces.size === 0 && named.size === 0 && !imports.some((b) => b.module === 'jsonwebtoken')) namespaces.add('jwt');
  const out: RawFinding[] = [];
  // Calls are named by a local of jsonwebtoken (or `jwt`): a file that never spells one has none.
  if (![...namespaces, ...named.keys()].some((local) => file.source.includes(local))) return out;
  // Algorithms pinned elsewhere in the file (a shared options constant, another verify): a callback-style verify there
  // (`verify(token, key, cb)`, which has no room for options without changing its shape) follows that policy.
  const pinned = /\balgorithms\s*:\s*\[\s*['"`](?!none)/i.test(file.source);
  forEachOfType(file.root, 'call_expression', (n) => {
    if (n.type !== 'call_expression') return;
    // jwtCall acts on sign, verify and decode only, reached by a named import or as `namespace.method`.
    const method = calleeMethod(file, field(n, 'function')!);
    if (!named.has(method) && !JWT_FUNCTIONS.has(method)) return;
    const callee = dottedName(file, field(n, 'function')!);
    const parts = callee.split('.');
    const fn = named.get(callee) ?? (parts.length === 2 && namespaces.has(parts[0]!) ? parts[1]! : null);
    if (fn) jwtCall(file, n, fn, pinned, out);
  });
  return out;
}

function jwtCall(file: SourceFile, call: Node, fn: string, pinned: boolean, out: RawFinding[]): void {
  const args = callArguments(call);
  const options = args[2] ? unwrap(args[2]) : undefined;
  if (fn === 'sign' && options && /^['"]none['"]$/i.test(textOf(file, option(file, options, 'algorithm') ?? options).trim())) {
    out.push({
      ruleId: 'security/jwt-none-algorithm',
      range: rangeOf(call),
      message: 'Token signed with the "none" algorithm (unsigned).',
    });
  }
  if (fn === 'verify') {
    const algorithms = options?.type === 'object' ? option(file, options, 'algorithms') : undefined;
    if (algorithms && /['"]none['"]/i.test(textOf(file, algorithms))) {
      out.push({
        ruleId: 'security/jwt-none-algorithm',
        range: rangeOf(algorithms),
        message: 'jwt.verify accepts the "none" algorithm: unsigned tokens pass.',
      });
    } else if (algorithms && mixesFamilies(file, algorithms)) {
      out.push({
        ruleId: 'security/jwt-verify-without-algorithms',
        range: rangeOf(algorithms),
        severity: 'medium',
        message:
          'jwt.verify accepts both HMAC (HS*) and public-key algorithms: a public key can be used as an HMAC secret (algorithm confusion).',
      });
    } else if (!algorithms && (!options || options.type === 'object' || (FUNCTION_TYPES.has(options.type) && !pinned))) {
      out.push({
        ruleId: 'security/jwt-verify-without-algorithms',
        range: rangeOf(call),
        message: 'jwt.verify without an algorithms list.',
      });
    }
  }
  if (fn === 'decode' && !verifiedNearby(file, call)) {
    out.push({
      ruleId: 'security/jwt-decode-without-verify',
      range: rangeOf(call),
      message: 'jwt.decode() trusts the claims without checking the signature, and this function never verifies.',
    });
  }
}

/** `algorithms: ['HS256', 'RS256']`: a symmetric and an asymmetric family together. */
function mixesFamilies(file: SourceFile, algorithms: Node): boolean {
  const text = textOf(file, algorithms);
  return /['"`]HS\d/.test(text) && /['"`](RS|PS|ES)\d/.test(text);
}

/** A `verify` call in the same function (decode is then used to read the header, e.g. the key id). */
function verifiedNearby(file: SourceFile, call: Node): boolean {
  let scope: Node = call;
  while (scope.parent && !FUNCTION_TYPES.has(scope.type)) scope = scope.parent;
  let found = false;
  walk(scope, (n) => {
    if (n.type === 'call_expression' && lastSegment(dottedName(file, field(n, 'function')!)) === 'verify') found = true;
    return !found;
  });
  return found;
}
