/**
 * Calls that make input harmless, and for which sinks. A sanitiser is only trusted for the sinks it
 * actually protects: `encodeURIComponent` leaves `'` alone, so it does not protect SQL; `path.basename`
 * removes directories, so it protects file paths and nothing else.
 */
import { SINK_KINDS, type SinkKind } from './value.js';

const ALL = SINK_KINDS;
const HTML: SinkKind[] = ['html'];

/** Exact callee names (dotted, as written) and what they protect. */
const EXACT: Record<string, readonly SinkKind[]> = {
  parseInt: ALL, parseFloat: ALL, Number: ALL, Boolean: ALL, BigInt: ALL, 'Number.parseInt': ALL, 'Number.parseFloat': ALL,
  'Math.floor': ALL, 'Math.round': ALL, 'Math.abs': ALL, 'Math.max': ALL, 'Math.min': ALL, 'Date.parse': ALL, isNaN: ALL,
  'validator.toInt': ALL, 'validator.toFloat': ALL, 'validator.toBoolean': ALL, 'validator.toDate': ALL, uuidv4: ALL,
  encodeURIComponent: ['html', 'redirect', 'command', 'nosql'],
  escape: ['html', 'sql'], escapeHtml: HTML, escapeHTML: HTML, htmlEscape: HTML, 'he.encode': HTML, 'he.escape': HTML,
  '_.escape': HTML, 'lodash.escape': HTML, 'validator.escape': ['html', 'sql'], 'DOMPurify.sanitize': HTML, 'purify.sanitize': HTML,
  sanitizeHtml: HTML, xss: HTML, filterXSS: HTML, 'xss.filterXSS': HTML,
  'path.basename': ['path'], basename: ['path'], sanitizeFilename: ['path'], 'sanitize-filename': ['path'],
  'mysql.escape': ['sql', 'html'], 'SqlString.escape': ['sql'], 'sqlstring.escape': ['sql'], escapeId: ['sql'], escapeLiteral: ['sql'], escapeIdentifier: ['sql'],
  shellEscape: ['command'], shellescape: ['command'], 'shellQuote.quote': ['command'],
  'mongoSanitize.sanitize': ['nosql'], mongoSanitize: ['nosql'], String: ['nosql'],
  // Parsers that look like validators but return attacker-shaped data: pass-through, not sanitisers.
  'JSON.parse': [], 'qs.parse': [], 'querystring.parse': [], 'url.parse': [], 'path.parse': [],
};

/** Method names (the last segment) that sanitise whatever their receiver is. */
const METHODS: Record<string, readonly SinkKind[]> = {
  escape: ['sql', 'html'], escapeId: ['sql'], escapeLiteral: ['sql'], escapeIdentifier: ['sql'], sanitize: HTML,
  // Schema validators (zod, joi, yup, ajv) fix the shape, not the content of strings.
  parse: ['nosql'], safeParse: ['nosql'], validateSync: ['nosql'], validateAsync: ['nosql'],
  toInt: ALL, toFixed: ALL, getTime: ALL, valueOf: [],
};

/** Methods whose result is a number or boolean whatever the receiver: they end a flow. */
export const NON_STRING_METHODS = new Set([
  'includes', 'startsWith', 'endsWith', 'test', 'indexOf', 'lastIndexOf', 'has', 'some', 'every', 'localeCompare',
  'charCodeAt', 'codePointAt', 'search', 'isArray', 'isInteger', 'isSafeInteger', 'findIndex', 'size',
]);

/** What the call protects against, or null when it is not a sanitiser. */
export function sanitizerKinds(callee: string, method: string, receiverIsRequestLike: boolean): readonly SinkKind[] | null {
  // Own keys only: a callee named "constructor" or "toString" must not find Object.prototype's members.
  const exact = Object.hasOwn(EXACT, callee) ? EXACT[callee] : undefined;
  if (exact) return exact;
  if (!receiverIsRequestLike && Object.hasOwn(METHODS, method) && callee.includes('.')) return METHODS[method]!;
  // Names that promise sanitising for one sink (sanitizeHtml, escapeSql, sanitizePath, ...).
  const name = method.toLowerCase();
  if (/^(sanitiz|sanitis|escape|clean|purify)/.test(name)) {
    if (/html|xss|markup/.test(name)) return HTML;
    if (/sql|query/.test(name)) return ['sql'];
    if (/path|file|name/.test(name)) return ['path'];
    if (/shell|cmd|command|arg/.test(name)) return ['command'];
    return ['html', 'sql', 'nosql'];
  }
  return null;
}
