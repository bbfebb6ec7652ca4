/**
 * SARIF 2.1.0 as GitHub code scanning takes it: one run, tool.driver with documented rules, results
 * with rule index, level, relative locations under %SRCROOT%, agentd's fingerprints, and code flows
 * for taint evidence, safe fixes as `fixes`, and findings an agentd-ignore comment suppressed with
 * `suppressions` (kind inSource, its reason as the justification). Columns are 1-based UTF-16 units; SARIF's endColumn is exclusive, the contract's
 * inclusive, hence the +1.
 */
import { pathToFileURL } from 'node:url';
import type { SourceRange } from '../contracts/index.js';
import { FINGERPRINT_KEY } from './fingerprint.js';
import type { ReportFinding, ScanReport, SuppressedReportFinding } from './report-model.js';
import { ruleCatalog, type RuleEntry } from './rule-catalog.js';
import { codeFlows } from './sarif-code-flows.js';
import { sarifRule } from './sarif-rules.js';
import { sarifLevel } from './severity.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
const SRCROOT = '%SRCROOT%';

function physicalLocation(file: string, range: SourceRange): unknown {
  return {
    artifactLocation: { uri: encodeURI(file), uriBaseId: SRCROOT },
    region: {
      startLine: range.startLine,
      startColumn: Math.max(1, range.startColumn),
      endLine: Math.max(range.startLine, range.endLine),
      endColumn: Math.max(1, range.endColumn + 1),
    },
  };
}

/** agentd's own facts SARIF has no field for: the five-level severity, the check, the CWE, the fix. */
function resultProperties(finding: ReportFinding): Record<string, unknown> {
  const properties: Record<string, unknown> = { severity: finding.severity, capability: finding.capability };
  if (finding.cwe) properties.cwe = finding.cwe;
  if (finding.fix) properties.fix = finding.fix.description;
  return properties;
}

/** A finding's safe fix (`fix.edits`) as SARIF replacements by character offset. */
function fixes(finding: ReportFinding): unknown[] | undefined {
  const edits = finding.fix?.edits;
  if (!edits?.length) return undefined;
  const replacements = edits.map((edit) => ({
    deletedRegion: { charOffset: edit.start, charLength: edit.end - edit.start },
    insertedContent: { text: edit.text },
  }));
  return [
    {
      description: { text: finding.fix!.description },
      artifactChanges: [{ artifactLocation: { uri: encodeURI(finding.file), uriBaseId: SRCROOT }, replacements }],
    },
  ];
}

/** An agentd-ignore comment as SARIF's in-source suppression (GitHub code scanning closes such alerts). */
function suppressions(finding: ReportFinding | SuppressedReportFinding): unknown[] | undefined {
  if (!('suppression' in finding)) return undefined;
  const { justification, file, line } = finding.suppression;
  return [
    {
      kind: 'inSource',
      status: 'accepted',
      ...(justification ? { justification } : {}),
      location: { physicalLocation: { artifactLocation: { uri: encodeURI(file), uriBaseId: SRCROOT }, region: { startLine: line } } },
    },
  ];
}

function sarifResult(finding: ReportFinding | SuppressedReportFinding, ruleIndex: number): Record<string, unknown> {
  const flows = codeFlows(finding, physicalLocation);
  const fixList = fixes(finding);
  const suppressionList = suppressions(finding);
  return {
    ruleId: finding.ruleId,
    ruleIndex,
    level: sarifLevel(finding.severity),
    message: { text: finding.message },
    locations: [{ physicalLocation: physicalLocation(finding.file, finding.range) }],
    partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
    ...(flows ? { codeFlows: flows } : {}),
    ...(fixList ? { fixes: fixList } : {}),
    ...(suppressionList ? { suppressions: suppressionList } : {}),
    properties: resultProperties(finding),
  };
}

/** Failed checks are errors; files the scan could not look at are warnings pointing at the file. */
function invocation(report: ScanReport): Record<string, unknown> {
  const failed = report.runs.filter((run) => run.error);
  const skipped = (report.skipped ?? []).map((s) => ({
    level: 'warning',
    message: { text: s.message },
    descriptor: { id: s.code },
    locations: [{ physicalLocation: { artifactLocation: { uri: encodeURI(s.path), uriBaseId: SRCROOT } } }],
  }));
  return {
    executionSuccessful: failed.length === 0,
    toolExecutionNotifications: [
      ...failed.map((run) => ({
        level: 'error',
        message: { text: `${run.capability} failed: ${run.error!.message}` },
        descriptor: { id: run.error!.code },
      })),
      ...skipped,
    ],
  };
}

function driver(report: ScanReport, rules: RuleEntry[]): Record<string, unknown> {
  const { name, version, informationUri } = report.tool;
  return { name, version, semanticVersion: version, ...(informationUri ? { informationUri } : {}), rules: rules.map(sarifRule) };
}

export function toSarifLog(report: ScanReport): Record<string, unknown> {
  const suppressed = report.suppressed ?? [];
  const rules = ruleCatalog(report.capabilities, [...report.findings, ...suppressed]);
  const index = new Map(rules.map((rule, i) => [rule.id, i]));
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: driver(report, rules) },
        invocations: [invocation(report)],
        originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(report.root.endsWith('/') ? report.root : `${report.root}/`).href } },
        columnKind: 'utf16CodeUnits',
        results: [...report.findings, ...suppressed].map((finding) => sarifResult(finding, index.get(finding.ruleId)!)),
      },
    ],
  };
}

export function toSarif(report: ScanReport): string {
  return `${JSON.stringify(toSarifLog(report), null, 2)}\n`;
}
