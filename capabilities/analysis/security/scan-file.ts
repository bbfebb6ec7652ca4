/**
 * One file's security scan as plain JSON (memoisable): the syntactic rule families, and the taint
 * engine's part — its findings plus the file's cross-file facts (summaries of exported functions,
 * calls into relative modules). The taint part is separate (`scanTaintAlone`, memoised on its own):
 * the project scan runs it only for files that can reach input (./modules/taint-reach.ts), and again
 * with imported summaries (`scanTaint`).
 */
import type { ParsedFile } from '../../../core/index.js';
import { perTree, syntaxTreeOf } from '../../../core/index.js';
import type { SourceFile } from './syntax/source-file.js';
import { collectExports } from './syntax/exports.js';
import { collectFacts, type FileFacts } from './taint/facts.js';
import { TaintEngine } from './taint/engine.js';
import { RARE_STRINGS, taintStart, type TaintStart } from './taint/input-triggers.js';
import { stringFacts } from './syntax/string-literals.js';
import type { ImportedSummaries, ModuleTaint } from './taint/module-link.js';
import type { TaintHit } from './taint/types.js';
import { scanSecrets } from './secrets/scan-secrets.js';
import { scanCrypto } from './config/scan-crypto.js';
import { scanCookiesCors } from './config/scan-cookies-cors.js';
import { scanJwt } from './config/scan-jwt.js';
import { csrfFacts, type CsrfFacts } from './config/csrf.js';
import { scanLibraryCalls } from './config/scan-library-calls.js';
import { scanRedos } from './config/scan-redos.js';
import { scanMergeFunctions } from './config/scan-merge-functions.js';
import type { RawFinding } from './raw-finding.js';

export interface TaintScan {
  /** Taint findings; a finding whose `file` is set is at a sink in that (imported) file. */
  findings: RawFinding[];
  module: ModuleTaint;
}

export interface FileScan {
  /** Findings of the syntactic families (secrets, crypto, cookies/CORS, JWT). */
  findings: RawFinding[];
  csrf: CsrfFacts;
  /** Whether the file can start taint on its own, and how far (./taint/input-triggers.ts). */
  startsTaint: TaintStart;
  /** Relative specifiers the file may load: the edges along which taint can cross files. */
  specifiers: string[];
  /** Package modules the file imports (project-wide decisions: which database library the project uses). */
  modules: string[];
}

/** Bump when any rule changes, so memoised scans of an older version are not reused. */
export const SCANNER_VERSION = 6;

/** The taint part of a file that cannot reach input: nothing found, nothing to link. */
export const NO_TAINT: TaintScan = Object.freeze({
  findings: [],
  module: Object.freeze({ exports: {}, reexports: [], calls: [] }),
}) as TaintScan;

const sourceFile = (parsed: ParsedFile): SourceFile => ({ path: parsed.path, source: parsed.source, root: syntaxTreeOf(parsed) });

export function scanFile(parsed: ParsedFile): FileScan {
  const file = sourceFile(parsed);
  const facts = factsOf(file);
  const findings = withoutOverlaps([
    ...scanLibraryCalls(file, facts),
    ...scanSecrets(file),
    ...scanCrypto(file),
    ...scanCookiesCors(file),
    ...scanJwt(file, facts.imports),
    ...scanRedos(file),
    ...scanMergeFunctions(file),
  ]);
  sortFindings(findings);
  const modules = [...facts.modules].filter((m) => !m.startsWith('.'));
  return {
    findings,
    csrf: csrfFacts(file, facts.imports),
    startsTaint: taintStart(file),
    specifiers: stringFacts(file, RARE_STRINGS).specifiers,
    modules,
  };
}

export type Profile = 'default' | 'audit';

/** The taint part without imported summaries. */
export function scanTaintAlone(parsed: ParsedFile, profile: Profile = 'default'): TaintScan {
  return scanTaint(parsed, new Map(), profile);
}

/** The taint part with the summaries of imported functions the project scan resolved. */
export function scanTaint(parsed: ParsedFile, imported: ImportedSummaries, profile: Profile = 'default'): TaintScan {
  const file = sourceFile(parsed);
  return taintOf(file, factsOf(file), imported, profile);
}

/** Facts are read-only once collected: the syntactic part and the taint part of one tree share them. */
const FACTS = {};
function factsOf(file: SourceFile): FileFacts {
  return perTree(file.root, FACTS, () => collectFacts(file));
}

/** A literal reported by position (a key passed to jwt.sign) is not reported again by its name or entropy; nor is one finding twice. */
const POSITION_RULES = new Set(['security/hardcoded-key', 'security/hardcoded-password']);
const NAME_RULES = new Set(['security/hardcoded-password', 'security/high-entropy-secret']);
function withoutOverlaps(findings: RawFinding[]): RawFinding[] {
  const at = (f: RawFinding): string => `${f.range.startLine}:${f.range.startColumn}:${f.range.endLine}:${f.range.endColumn}`;
  const byPosition = new Set(findings.filter((f) => POSITION_RULES.has(f.ruleId)).map(at));
  const seen = new Set<string>();
  return findings.filter((f, i) => {
    const key = `${f.ruleId}@${at(f)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const positional = findings.findIndex((g) => POSITION_RULES.has(g.ruleId) && at(g) === at(f));
    return !(NAME_RULES.has(f.ruleId) && byPosition.has(at(f)) && positional !== i);
  });
}

function taintOf(file: SourceFile, facts: FileFacts, imported: ImportedSummaries, profile: Profile): TaintScan {
  const engine = new TaintEngine(file, facts, collectExports(file, facts.imports), imported, profile === 'audit');
  const findings = engine.run().map((hit) => taintFinding(file, hit));
  sortFindings(findings);
  return { findings, module: engine.moduleTaint() };
}

function sortFindings(findings: RawFinding[]): void {
  findings.sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') || a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn,
  );
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
  'security/template-injection': 'template source',
  'security/ssrf': 'the URL of a server-side request',
  'security/regex-injection': 'a regular expression',
  'security/prototype-pollution': 'the keys of a deep merge or path setter',
  'security/mass-assignment': 'the fields written to a model or object',
  'security/xpath-injection': 'an XPath expression',
};

function taintFinding(file: SourceFile, hit: TaintHit): RawFinding {
  const range = hit.site.range;
  const elsewhere = hit.site.file !== file.path ? { file: hit.site.file } : {};
  if (hit.ruleId === 'security/unsanitized-html') {
    return {
      ruleId: hit.ruleId,
      range,
      message: `${hit.label} receives HTML that is neither constant nor sanitised.`,
      data: { sink: hit.label },
      ...(hit.fix ? { fix: hit.fix } : {}),
      ...elsewhere,
    };
  }
  const source = hit.steps[0]?.label.replace(/^source: /, '') ?? 'input';
  const evidence = hit.steps.map((s) => ({ file: s.file ?? file.path, line: s.line, column: s.column, label: s.label }));
  const where = elsewhere.file ? `${hit.site.file}:${range.startLine}, called from ${file.path}` : `line ${range.startLine}`;
  const message = hit.audit
    ? `A ${source} reaches ${WHAT[hit.ruleId] ?? 'a sink'} in ${hit.label} (${where}: ${hit.site.snippet}); audit profile: check that no caller passes input.`
    : `Untrusted ${source} reaches ${WHAT[hit.ruleId] ?? 'a sink'} in ${hit.label} (${where}: ${hit.site.snippet}).`;
  return {
    ruleId: hit.ruleId,
    range,
    message,
    // Reached by a value of unknown origin: worth a review, not an alert of the rule's own severity.
    ...(hit.audit ? { severity: 'low' as const } : {}),
    data: { sink: hit.label, sourceKind: hit.sourceKind, evidence, ...(hit.audit ? { profile: 'audit' } : {}) },
    ...(hit.fix ? { fix: hit.fix } : {}),
    ...elsewhere,
  };
}
