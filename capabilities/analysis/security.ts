/**
 * analysis.security: injection and XSS by taint tracking from request input to sinks (with the
 * evidence path) through library models (./security/models/, one file per library), ReDoS, prototype
 * pollution and mass assignment, hardcoded secrets (provider formats, entropy, secret positions),
 * weak cryptography and plain-text or unverified transport, CSRF on cookie sessions, insecure cookies
 * and CORS, JWT misuse, XXE, and insecure dependencies through the advisories checker. Profiles:
 * taint-based 'default', and 'audit' (any non-constant value at a sink). Internals: ./security/.
 */
import type { CapabilityContext, CapabilityMeta, Finding, MemoScope, ParsedFile, StepResult } from '../../core/index.js';
import { INPUT_SCHEMA, type SecurityInput } from './security/options.js';
import { CATEGORIES, RULES, type Category } from './security/rules/index.js';
import { enabled, scanOneFile, scanProject } from './security/project-scan.js';
import { checkDependencies, DEPENDENCY_RULES } from './security/dependencies.js';
import { countByCategory, countBySeverity, summarise } from './security/report.js';
import { PLANNING } from './security/planning.js';

export const meta: CapabilityMeta = {
  id: 'analysis.security',
  group: 'analysis',
  title: 'Security',
  description:
    'Injection (SQL, NoSQL, command, code, template, path traversal, open redirect, SSRF, XXE, prototype pollution, mass assignment) and XSS traced from request input to the sink through library models, ReDoS, hardcoded secrets, weak cryptography and insecure transport, CSRF, insecure cookies and CORS, JWT misuse and insecure dependencies, with CWE ids, fix hints and counts by severity; an opt-in audit profile reports sinks reached by any non-constant value.',
  version: '1.1.0',
  inputSchema: INPUT_SCHEMA,
  writes: false,
  execution: { cost: 'heavy', thread: 'second' },
  report: { findings: 'vulnerabilities' },
  rules: [...RULES, ...DEPENDENCY_RULES],
  planning: PLANNING,
};

/** A file's syntactic scan, memoised as run() memoises it. */
export function perFile(file: ParsedFile, ctx: MemoScope): void {
  scanOneFile(ctx, file);
}

export async function run(input: SecurityInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const categories = new Set<Category>(options.categories ?? CATEGORIES);
  const scan = await scanProject(ctx, options, categories);
  const findings: Finding[] = [...scan.findings];
  if (categories.has('dependencies')) {
    for (const f of await checkDependencies(ctx)) {
      const severity = options.severity?.[f.ruleId] ?? f.severity;
      if (enabled(f.ruleId, 'dependencies', options, categories))
        findings.push({ ...f, severity, data: { ...(f.data ?? {}), category: 'dependencies' } });
    }
  }
  const counts = countBySeverity(findings);
  return {
    summary: summarise(counts, scan.files.length),
    findings,
    data: { counts, byCategory: countByCategory(findings), files: scan.files.length, skipped: scan.skipped },
  };
}
