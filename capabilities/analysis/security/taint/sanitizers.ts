/**
 * Calls that make input harmless, and for which sinks (the library models' sanitisers, ../models/).
 * A sanitiser is only trusted for the sinks it actually protects: `encodeURIComponent` leaves `'`
 * alone, so it does not protect SQL; `path.basename` removes directories, so it protects file paths
 * and nothing else. Functions whose names promise sanitising are trusted for what their name says.
 */
import { importKey, SANITIZERS, type SanitizerKinds } from '../models/index.js';
import type { Node } from '../syntax/tree.js';
import type { SourceFile } from '../syntax/source-file.js';
import { localsOf, resolvePath, type FileFacts } from './facts.js';
import { SINK_KINDS, type SinkKind } from './value.js';

/** Methods whose result is a number or boolean whatever the receiver: they end a flow. */
export const NON_STRING_METHODS = new Set([
  'includes',
  'startsWith',
  'endsWith',
  'test',
  'indexOf',
  'lastIndexOf',
  'has',
  'some',
  'every',
  'localeCompare',
  'charCodeAt',
  'codePointAt',
  'search',
  'isArray',
  'isInteger',
  'isSafeInteger',
  'findIndex',
  'size',
]);

const HTML: SinkKind[] = ['html'];
const expand = (kinds: SanitizerKinds): readonly SinkKind[] => (kinds === 'all' ? SINK_KINDS : kinds);

/** What the call protects against, or null when it is not a sanitiser. */
export function sanitizerKinds(
  file: SourceFile,
  facts: FileFacts,
  calleeNode: Node,
  callee: string,
  method: string,
  receiverIsRequestLike: boolean,
): readonly SinkKind[] | null {
  const exact = SANITIZERS.byName.get(callee);
  if (exact) return expand(exact);
  if (localsOf(file, facts).size > 0) {
    const resolved = resolvePath(file, facts, calleeNode);
    const imported = resolved ? SANITIZERS.byImport.get(importKey(resolved.module, resolved.path)) : undefined;
    if (imported) return expand(imported);
  }
  if (!receiverIsRequestLike && callee.includes('.')) {
    const byMethod = SANITIZERS.byMethod.get(method);
    if (byMethod) return expand(byMethod);
  }
  return namedSanitizer(method);
}

/** Names that promise sanitising for one sink (sanitizeHtml, escapeSql, sanitizePath, escapeRegExp...). */
function namedSanitizer(method: string): readonly SinkKind[] | null {
  const name = method.toLowerCase();
  if (!/^(sanitiz|sanitis|escape|clean|purify)/.test(name)) return null;
  if (/html|xss|markup/.test(name)) return HTML;
  if (/sql|query/.test(name)) return ['sql'];
  if (/path|file|name/.test(name)) return ['path'];
  if (/shell|cmd|command|arg/.test(name)) return ['command'];
  if (/reg_?exp?|regex/.test(name)) return ['regex'];
  if (/url|uri|link|href/.test(name)) return ['redirect', 'html', 'ssrf'];
  return ['html', 'sql', 'nosql'];
}
