/** Reporters: pure functions from a ScanReport (findings, capability metas with their rules, sources) to text. */
export type {
  ReportFinding,
  CapabilityRun,
  FindingSuppression,
  ScanReport,
  ScanStats,
  SuppressedReportFinding,
  ToolInfo,
} from './report-model.js';
export { assignFingerprints, compareFindings, normalisedLines, FINGERPRINT_KEY } from './fingerprint.js';
export { SEVERITIES, atOrAbove, isSeverity, severityRank, sarifLevel, securitySeverity, countBySeverity } from './severity.js';
export { ruleCatalog, checkName, cweUrl, type RuleEntry } from './rule-catalog.js';
export { summarise, countsLine, type ReportSummary } from './summary.js';
export { folderChart, folderOf, type FolderChart, type FolderBar } from './folder-chart.js';
export { excerpt, type Excerpt, type ExcerptLine } from './source-excerpt.js';
export { evidenceSteps, type EvidenceStep } from './sarif-code-flows.js';
export { toSarif, toSarifLog, SARIF_SCHEMA_URI } from './to-sarif.js';
export { toJson, toJsonObject, JSON_FORMAT_VERSION } from './to-json.js';
export { toText } from './to-text.js';
export { toMarkdown, type MarkdownOptions } from './to-markdown.js';
export { toHtml } from './to-html.js';
export { escapeHtml, escapeMarkdown } from './markup-escape.js';
export { toGithub, githubCommand, escapeData, escapeProperty, type GithubOptions } from './to-github.js';
