/**
 * analysis.security: injection and XSS by taint tracking from request input to sinks (with the
 * evidence path), hardcoded secrets (provider formats and entropy), weak cryptography and disabled
 * TLS verification, CSRF on cookie sessions, insecure cookies and CORS, JWT misuse, and insecure
 * dependencies through the advisories checker. Counts by severity and category. Internals: ./security/.
 */
import type { CapabilityContext, CapabilityMeta, Finding, StepResult } from '../../core/index.js';
import { INPUT_SCHEMA, type SecurityInput } from './security/options.js';
import { CATEGORIES, RULES, type Category } from './security/rules/index.js';
import { enabled, scanProject } from './security/project-scan.js';
import { checkDependencies, DEPENDENCY_RULES } from './security/dependencies.js';
import { countByCategory, countBySeverity, summarise } from './security/report.js';

export const meta: CapabilityMeta = {
  id: 'analysis.security',
  group: 'analysis',
  title: 'Security',
  description:
    'Injection (SQL, NoSQL, command, code, path traversal, open redirect) and XSS traced from request input to the sink, hardcoded secrets, weak cryptography, CSRF, insecure cookies and CORS, JWT misuse and insecure dependencies, with CWE ids and counts by severity.',
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: false,
  rules: [...RULES, ...DEPENDENCY_RULES],
};

export async function run(input: SecurityInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const categories = new Set<Category>(options.categories ?? CATEGORIES);
  const scan = await scanProject(ctx, options, categories);
  const findings: Finding[] = [...scan.findings];
  if (categories.has('dependencies')) {
    for (const f of await checkDependencies(ctx)) {
      const severity = options.severity?.[f.ruleId] ?? f.severity;
      if (enabled(f.ruleId, 'dependencies', options, categories)) findings.push({ ...f, severity, data: { ...(f.data ?? {}), category: 'dependencies' } });
    }
  }
  const counts = countBySeverity(findings);
  return {
    summary: summarise(counts, scan.files.length),
    findings,
    data: { counts, byCategory: countByCategory(findings), files: scan.files.length, skipped: scan.skipped },
  };
}
