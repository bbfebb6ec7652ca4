/**
 * The language and its runtime: `eval`, `Function`, timers with strings, dynamic `require`/`import`,
 * regular expressions built from input, `Object.assign` onto live objects; the conversions that end a
 * flow and the built-ins that pass input on; `process.argv` as input to commands and code.
 */
import type { LibraryModel } from './types.js';

const CODE_FIX = 'Do not evaluate input; parse it (JSON.parse, an expression parser) and interpret the result.';
const TIMERS = ['setTimeout', 'setInterval', 'setImmediate', 'window.setTimeout', 'window.setInterval', 'globalThis.setTimeout'];

export const model: LibraryModel = {
  id: 'javascript',
  title: 'JavaScript built-ins',
  modules: [],
  sources: { globals: { 'process.argv': 'argv' } },
  sinks: [
    { ruleId: 'security/code-injection', kind: 'code', callee: { global: ['eval', 'window.eval', 'globalThis.eval', 'execScript'] }, args: [0], fix: CODE_FIX },
    { ruleId: 'security/code-injection', kind: 'code', callee: { global: ['Function', 'window.Function'] }, construct: true, args: 'all', fix: CODE_FIX },
    { ruleId: 'security/code-injection', kind: 'code', callee: { global: TIMERS }, args: [0], when: 'notFunction', requires: 'notCallback', fix: 'Pass a function to the timer, never a string.' },
    { ruleId: 'security/code-injection', kind: 'code', callee: { global: ['require', 'import', 'module.require'] }, args: [0], label: 'dynamic require/import', fix: 'Map the input to a fixed list of modules; never load a module named by input.' },
    { ruleId: 'security/regex-injection', kind: 'regex', callee: { global: ['RegExp'] }, construct: true, args: [0], fix: 'Escape the input (escape-string-regexp, _.escapeRegExp) or match it as plain text (includes, indexOf).' },
    { ruleId: 'security/regex-injection', kind: 'regex', callee: { method: ['match', 'matchAll', 'search'] }, args: [0], when: 'notObject', fix: 'Match input as plain text (includes, indexOf) or escape it first.' },
    { ruleId: 'security/mass-assignment', kind: 'mass', callee: { global: ['Object.assign'] }, args: 'rest', when: 'wholeObject', requires: 'notEmptyTarget', fix: 'Copy only the fields the user may set (an allow-list, or a schema that strips unknown keys).' },
  ],
  sanitizers: [
    {
      names: ['parseInt', 'parseFloat', 'Number', 'Boolean', 'BigInt', 'Number.parseInt', 'Number.parseFloat', 'Math.floor', 'Math.round', 'Math.ceil', 'Math.trunc', 'Math.abs', 'Math.max', 'Math.min', 'Date.parse', 'isNaN', 'Number.isInteger', 'uuidv4', 'crypto.randomUUID', 'randomUUID'],
      kinds: 'all',
    },
    { names: ['encodeURIComponent'], kinds: ['html', 'redirect', 'command', 'nosql', 'ssrf', 'code', 'template'] },
    // encodeURI escapes < > " and spaces (no markup survives) but keeps : / ; $ ( ) — not a URL, shell or code sanitiser.
    { names: ['encodeURI'], kinds: ['html', 'nosql'] },
    { names: ['String'], kinds: ['nosql', 'mass', 'proto'] },
    { names: ['escape'], kinds: ['html', 'sql'] },
    { methods: ['toFixed', 'getTime', 'toInt'], kinds: 'all' },
    // Parsers that look like validators but return attacker-shaped data: pass-through, not sanitisers.
    { names: ['JSON.parse', 'qs.parse', 'querystring.parse', 'url.parse', 'path.parse'], kinds: [] },
    { methods: ['valueOf'], kinds: [] },
  ],
  propagators: [
    { names: ['path.join', 'path.resolve', 'path.normalize', 'path.relative', 'util.format', 'format', 'decodeURIComponent', 'decodeURI', 'Buffer.from', 'unescape', 'atob', 'btoa'], result: 'string' },
    { names: ['Object.assign', 'Object.values', 'Object.keys', 'Object.entries', 'Array.from', 'Array.of', 'Promise.resolve', 'structuredClone', 'JSON.parse', 'url.parse', 'qs.parse', 'querystring.parse', 'URL', 'URLSearchParams', 'Object.fromEntries'], result: 'value' },
  ],
};
