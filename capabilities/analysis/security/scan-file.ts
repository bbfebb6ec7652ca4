/** One file's security scan: the taint engine plus the syntactic rule families, as plain JSON (memoisable). */
import type { ParsedFile } from '../../../core/index.js';
import { syntaxTreeOf } from '../../../core/index.js';
import { rangeOf, textOf, type SourceFile } from './syntax/source-file.js';
import { collectFacts } from './taint/facts.js';
import { TaintEngine } from './taint/engine.js';
import type { TaintHit } from './taint/types.js';
import { scanSecrets } from './secrets/scan-secrets.js';
import { scanCrypto } from './config/scan-crypto.js';
import { scanCookiesCors } from './config/scan-cookies-cors.js';
import { scanJwt } from './config/scan-jwt.js';
import { csrfFacts, type CsrfFacts } from './config/csrf.js';
import type { RawFinding } from './raw-finding.js';

export interface FileScan {
  findings: RawFinding[];
  csrf: CsrfFacts;
}

/** Bump when any rule changes, so memoised scans of an older version are not reused. */
export const SCANNER_VERSION = 2;

export function scanFile(parsed: ParsedFile): FileScan {
  const file: SourceFile = { path: parsed.path, source: parsed.source, root: syntaxTreeOf(parsed) };
  const facts = collectFacts(file);
  const findings: RawFinding[] = [
    ...new TaintEngine(file, facts).run().map((hit) => taintFinding(file, hit)),
    ...scanSecrets(file),
    ...scanCrypto(file),
    ...scanCookiesCors(file),
    ...scanJwt(file, facts.imports),
  ];
  findings.sort((a, b) => a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn);
  return { findings, csrf: csrfFacts(file, facts.imports) };
}

const WHAT: Record<string, string> = {
  'security/sql-injection': 'SQL text',
  'security/nosql-injection': 'a NoSQL query',
  'security/command-injection': 'a shell command',
  'security/code-injection': 'evaluated code',
  'security/path-traversal': 'a file path',
  'security/open-redirect': 'a redirect target',
  'security/reflected-xss': 'an HTML response',
  'security/dom-xss': 'a DOM HTML sink',
};

function taintFinding(file: SourceFile, hit: TaintHit): RawFinding {
  const range = rangeOf(hit.node);
  if (hit.ruleId === 'security/unsanitized-html') {
    return { ruleId: hit.ruleId, range, message: `${hit.label} receives HTML that is neither constant nor sanitised.`, data: { sink: hit.label } };
  }
  const source = hit.steps[0]?.label.replace(/^source: /, '') ?? 'input';
  const evidence = hit.steps.map((s) => ({ file: file.path, line: s.line, column: s.column, label: s.label }));
  const snippet = textOf(file, hit.node).split('\n')[0]!.slice(0, 80);
  return {
    ruleId: hit.ruleId,
    range,
    message: `Untrusted ${source} reaches ${WHAT[hit.ruleId] ?? 'a sink'} in ${hit.label} (line ${range.startLine}: ${snippet}).`,
    data: { sink: hit.label, sourceKind: hit.sourceKind, evidence },
  };
}
