/**
 * A small ScanReport for the reporter tests: real source text, findings pointing into it as a security
 * check and a complexity check would report them, and a meta documenting the security rules.
 */
import type { CapabilityMeta, Finding } from '../../../core/contracts/index.js';
import { assignFingerprints, type ScanReport } from '../../../core/report/index.js';

export const ROUTE_SOURCE = [
  "import express from 'express';",
  "import { db } from './db.js';",
  '',
  'export const router = express.Router();',
  '',
  "router.get('/orders', async (req, res) => {",
  '  const id = req.query.id;',
  '  const rows = await db.query(`SELECT * FROM orders WHERE id = ${id}`);',
  '  res.json(rows);',
  '});',
  '',
].join('\n');

export const SECURITY_META: CapabilityMeta = {
  id: 'analysis.security',
  group: 'analysis',
  title: 'Security',
  description: 'Security audit.',
  version: '1.0.0',
  inputSchema: { type: 'object' },
  writes: false,
  report: { findings: 'vulnerabilities' },
  rules: [
    {
      id: 'security/sql-injection',
      title: 'SQL injection',
      defaultSeverity: 'critical',
      description: 'Request input reaches a SQL query string.',
      why: 'An attacker can read or change any row.',
      example: {
        bad: 'db.query(`SELECT * FROM t WHERE id = ${req.query.id}`)',
        good: "db.query('SELECT * FROM t WHERE id = $1', [req.query.id])",
      },
      fix: 'Use a parameterised query.',
      cwe: 'CWE-89',
      category: 'injection',
    },
    {
      id: 'security/hardcoded-secret',
      title: 'Hardcoded secret',
      defaultSeverity: 'high',
      description: 'A credential is written in the source.',
      why: 'Anyone with the code has the credential.',
      example: { bad: "const key = 'AKIA...';", good: 'const key = process.env.AWS_KEY;' },
      fix: 'Read it from the environment or a secret store.',
      cwe: 'CWE-798',
      category: 'secrets',
    },
  ],
};

export const COMPLEXITY_META: CapabilityMeta = {
  id: 'analysis.complexity',
  group: 'analysis',
  title: 'Complexity',
  description: 'Complexity.',
  version: '1.0.0',
  inputSchema: { type: 'object' },
  writes: false,
};

export function sqlFinding(message = 'Request input "req.query.id" reaches a SQL query.'): Finding & { capability: string } {
  return {
    ruleId: 'security/sql-injection',
    severity: 'critical',
    message,
    file: 'src/routes/orders.ts',
    range: { startLine: 8, startColumn: 22, endLine: 8, endColumn: 70 },
    cwe: 'CWE-89',
    capability: 'analysis.security',
    data: {
      evidence: [
        { line: 7, column: 14, endColumn: 25, message: 'source: req.query.id' },
        { line: 8, column: 22, endColumn: 70, message: 'sink: db.query' },
      ],
    },
  };
}

export function complexityFinding(): Finding & { capability: string } {
  return {
    ruleId: 'complexity/cyclomatic',
    severity: 'medium',
    message: 'Function has a cyclomatic complexity of 12 (threshold 10).',
    file: 'src/routes/orders.ts',
    range: { startLine: 6, startColumn: 1, endLine: 10, endColumn: 2 },
    capability: 'analysis.complexity',
  };
}

export function sampleReport(findings = [sqlFinding(), complexityFinding()], source = ROUTE_SOURCE): ScanReport {
  const sources = { 'src/routes/orders.ts': source };
  return {
    tool: { name: 'agentd', version: '0.1.0', informationUri: 'https://example.org/agentd' },
    root: '/tmp/project',
    startedAt: '2025-01-01T00:00:00.000Z',
    findings: assignFingerprints(findings, sources),
    capabilities: [SECURITY_META, COMPLEXITY_META],
    runs: [
      { capability: 'analysis.security', summary: 'One injection.', findings: 1, durationMs: 12 },
      { capability: 'analysis.complexity', summary: 'One complex function.', findings: 1, durationMs: 8 },
    ],
    sources,
    stats: {
      filesScanned: 3,
      linesScanned: 40,
      durationMs: 20,
      suppressedByBaseline: 0,
      folders: { 'src/routes': { files: 1, lines: 11 }, src: { files: 2, lines: 29 } },
    },
  };
}
