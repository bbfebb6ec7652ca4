/**
 * Weak cryptography: MD5/SHA-1, broken ciphers and ECB, createCipher, Math.random for security values,
 * short RSA/DSA keys, disabled TLS verification. Syntactic: the call and the names around it.
 */
import { nodesOfType } from '../../../../core/index.js';
import { field, unwrap, type Node } from '../syntax/tree.js';
import { rangeOf, stringValue, textOf, type SourceFile } from '../syntax/source-file.js';
import { bindingName, callArguments, calleeMethod, dottedName, enclosingFunctionName, lastSegment } from '../syntax/names.js';
import type { RawFinding } from '../raw-finding.js';

const WEAK_HASH = /^(md4|md5|sha1|sha-1|ripemd|ripemd160|rsa-md5|rsa-sha1)$/i;
const WEAK_CIPHER = /(^|-)(des|des3|3des|des-ede3?|desx|rc2|rc4|bf|blowfish|cast5?|idea|seed)(-|$)|-ecb$|^ecb$/i;
const SECURITY_CONTEXT = /pass(word|wd)?|pwd|sign|token|secret|auth|session|otp|credential|api[_-]?key|salt|hmac|verify/i;
const RANDOM_WORDS =
  /token|secret|password|passwd|pwd|nonce|salt|otp|session|csrf|api[_-]?key|uuid|guid|invite|reset|verif|captcha|auth|credential/i;
/** Identifiers: `id`, `userId`, `session_id`, `ID` — not words ending in "id" (`valid`, `paid`). */
const RANDOM_ID = /^id$|[a-z0-9]Id$|_id$|ID$/;
/** Ids that only correlate or tell things apart (an IPC request id, a DOM id): guessing one gains nothing. */
const CORRELATION_ID = /^(request|req|correlation|trace|span|message|msg|unique|element|instance|worker|call|event)_?id$/i;
const randomContext = (name: string): boolean => RANDOM_WORDS.test(name) || (RANDOM_ID.test(name) && !CORRELATION_ID.test(name));
/** SHA-1 that a protocol prescribes as a name, not as protection: Redis EVALSHA names Lua scripts by their SHA-1. */
const PROTOCOL_SHA1 = /\blua\b|evalsha|script/i;

/** Methods (last callee segments) callFindings reports on; `md5()`/`sha1()`/`CryptoJS.MD5()` match CRYPTO_FUNCTION. */
const CRYPTO_METHODS = new Set([
  'createHash',
  'createCipheriv',
  'createDecipheriv',
  'createCipher',
  'createDecipher',
  'random',
  'generateKeyPair',
  'generateKeyPairSync',
  'pseudoRandomBytes',
]);
const CRYPTO_FUNCTION = /^(md5|sha1)$/i;

export function scanCrypto(file: SourceFile): RawFinding[] {
  const out: RawFinding[] = [];
  // Each family needs its words in the text (a call's method, an option key, the variable): files without them skip its nodes.
  const types = [
    ...(/createHash|createCipher|createDecipher|random|pseudoRandom|generateKeyPair|[Mm][Dd]5|[Ss][Hh][Aa]1/.test(file.source)
      ? ['call_expression']
      : []),
    ...(/rejectUnauthorized|strictSSL/.test(file.source) ? ['pair'] : []),
    // `process.env.NODE_TLS_REJECT_UNAUTHORIZED` is compared with its spaces removed: only `process` is certain to be spelt out.
    ...(file.source.includes('process') ? ['assignment_expression'] : []),
  ];
  for (const n of nodesOfType(file.root, types)) {
    if (n.type === 'call_expression') callFindings(file, n, out);
    else if (n.type === 'pair') tlsOption(file, n, out);
    else if (n.type === 'assignment_expression') tlsEnv(file, n, out);
  }
  return out;
}

function callFindings(file: SourceFile, call: Node, out: RawFinding[]): void {
  const calleeNode = field(call, 'function')!;
  const last = calleeMethod(file, calleeNode);
  if (!CRYPTO_METHODS.has(last) && !CRYPTO_FUNCTION.test(last)) return;
  const callee = dottedName(file, calleeNode);
  const method = lastSegment(callee);
  const args = callArguments(call);
  const first = args[0] ? stringValue(file, unwrap(args[0])) : null;
  if (method === 'createHash' && first && WEAK_HASH.test(first)) weakHash(file, call, first, out);
  else if (/^(md5|sha1)$/i.test(callee) || /^CryptoJS\.(MD5|SHA1)$/.test(callee)) weakHash(file, call, callee, out);
  else if ((method === 'createCipheriv' || method === 'createDecipheriv') && first && WEAK_CIPHER.test(first)) {
    out.push({
      ruleId: 'security/weak-cipher',
      range: rangeOf(call),
      message: `Cipher "${first}" is broken or uses ECB mode.`,
      data: { algorithm: first },
    });
  } else if (
    (method === 'createCipher' || method === 'createDecipher') &&
    (callee === method || /crypto$/i.test(callee.slice(0, -method.length - 1)))
  ) {
    out.push({
      ruleId: 'security/deprecated-cipher',
      range: rangeOf(call),
      message: `${method}() derives the key with MD5 and uses no IV.`,
    });
  } else if (callee === 'Math.random') insecureRandom(file, call, out);
  else if (method === 'pseudoRandomBytes') {
    out.push({
      ruleId: 'security/insecure-random',
      range: rangeOf(call),
      message: 'crypto.pseudoRandomBytes() is not cryptographically strong.',
      data: { name: 'pseudoRandomBytes' },
    });
  } else if (method === 'generateKeyPair' || method === 'generateKeyPairSync') keySize(file, call, first, args, out);
}

/** The names around a call: the variable it is assigned to, the enclosing function, the statement. */
function contextText(file: SourceFile, node: Node): string {
  let statement: Node = node;
  while (statement.parent && !/statement|declaration/.test(statement.type)) statement = statement.parent;
  return `${bindingName(file, node) ?? ''} ${enclosingFunctionName(file, node) ?? ''} ${textOf(file, statement).slice(0, 300)}`;
}

function weakHash(file: SourceFile, call: Node, algorithm: string, out: RawFinding[]): void {
  const context = contextText(file, call);
  const sensitive = SECURITY_CONTEXT.test(context);
  if (!sensitive && algorithm.toLowerCase().replace(/[^a-z0-9]/g, '') === 'sha1' && PROTOCOL_SHA1.test(context)) return;
  out.push({
    ruleId: 'security/weak-hash',
    range: rangeOf(call),
    severity: sensitive ? 'high' : 'low',
    message: sensitive
      ? `${algorithm} used for a password, signature or token.`
      : `${algorithm} is a broken hash; acceptable only for non-security checksums.`,
    data: { algorithm, securityContext: sensitive },
  });
}

function insecureRandom(file: SourceFile, call: Node, out: RawFinding[]): void {
  const names = [bindingName(file, call), enclosingFunctionName(file, call)].filter((n): n is string => !!n);
  // React list keys (`key={Math.random()}`) are a rendering concern, not a security one.
  const named = names.map((n) => n.split('.').pop()!).find((n) => randomContext(n) && n !== 'key');
  if (!named) return;
  out.push({
    ruleId: 'security/insecure-random',
    range: rangeOf(call),
    message: `Math.random() produces "${named}", which must be unpredictable.`,
    data: { name: named },
  });
}

function keySize(file: SourceFile, call: Node, type: string | null, args: Node[], out: RawFinding[]): void {
  if (!type || !/^(rsa|rsa-pss|dsa)$/i.test(type)) return;
  const options = args[1] ? unwrap(args[1]) : null;
  const pair =
    options?.type === 'object'
      ? options.children.find((p) => p.type === 'pair' && textOf(file, field(p, 'key')!) === 'modulusLength')
      : undefined;
  const bits = pair ? Number(textOf(file, field(pair, 'value')!).replace(/_/g, '')) : NaN;
  if (Number.isFinite(bits) && bits < 2048) {
    out.push({
      ruleId: 'security/weak-key-size',
      range: rangeOf(pair ?? call),
      message: `${type.toUpperCase()} key of ${bits} bits; use at least 2048.`,
      data: { bits },
    });
  }
}

function tlsOption(file: SourceFile, pair: Node, out: RawFinding[]): void {
  const key = textOf(file, field(pair, 'key')!).replace(/^['"]|['"]$/g, '');
  const value = textOf(file, unwrap(field(pair, 'value')!));
  if ((key === 'rejectUnauthorized' || key === 'strictSSL') && (value === 'false' || value === '0')) {
    out.push({
      ruleId: 'security/tls-verification-disabled',
      range: rangeOf(pair),
      message: `${key}: ${value} turns off TLS certificate verification.`,
    });
  }
}

function tlsEnv(file: SourceFile, node: Node, out: RawFinding[]): void {
  const leftNode = field(node, 'left')!;
  if (!file.source.startsWith('process', leftNode.startIndex)) return; // most assignments: no slice, no regex
  const left = textOf(file, leftNode).replace(/\s/g, '');
  const right = unwrap(field(node, 'right')!);
  if (!/^process\.env(\.NODE_TLS_REJECT_UNAUTHORIZED|\[['"]NODE_TLS_REJECT_UNAUTHORIZED['"]\])$/.test(left)) return;
  const value = stringValue(file, right) ?? textOf(file, right);
  if (value === '0' || value === 'false') {
    out.push({
      ruleId: 'security/tls-verification-disabled',
      range: rangeOf(node),
      message: 'NODE_TLS_REJECT_UNAUTHORIZED = 0 turns off TLS verification for the whole process.',
    });
  }
}
