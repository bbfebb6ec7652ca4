import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../../core/context/index.js';
import type { Finding } from '../../../../core/index.js';
import { run } from '../../../../capabilities/analysis/security.js';

// Compiled to dist/test/capabilities/analysis/security/: the repository root is five levels up.
const repo = fileURLToPath(new URL('../../../../../', import.meta.url));
const fixture = path.join(repo, 'fixtures', 'vulnerable-app');

interface Expected {
  file: string;
  line: number;
  ruleId: string;
  note?: string;
}

interface ExpectedFile {
  vulnerabilities: Expected[];
  /** package.json lines the advisory list flags (no markers: JSON has no comments). */
  dependencies: Expected[];
  safeLookAlikes: Expected[];
}

const key = (e: { file: string; line: number; ruleId: string }): string => `${e.file}:${e.line} ${e.ruleId}`;

/** The `// VULN: rule` and `// SAFE: rule` markers of a fixture source file. */
function markers(file: string, source: string): { vulnerabilities: string[]; safe: string[] } {
  const out = { vulnerabilities: [] as string[], safe: [] as string[] };
  source.split('\n').forEach((text, i) => {
    const m = /\/\/ (VULN|SAFE): (security\/[a-z-]+(?:, security\/[a-z-]+)*)/.exec(text);
    if (!m) return;
    for (const ruleId of m[2]!.split(', ')) (m[1] === 'VULN' ? out.vulnerabilities : out.safe).push(key({ file, line: i + 1, ruleId }));
  });
  return out;
}

describe('capabilities/analysis/security on fixtures/vulnerable-app', () => {
  let expected: ExpectedFile;
  let findings: Finding[];
  let data: { counts: Record<string, number>; byCategory: Record<string, number>; files: number };

  before(async () => {
    expected = JSON.parse(await readFile(path.join(fixture, 'expected-findings.json'), 'utf8')) as ExpectedFile;
    const { ctx } = await createLocalContext({ root: fixture, limits: { maxToolCalls: 1000 } });
    const result = await run({}, ctx);
    findings = result.findings!;
    data = result.data as typeof data;
  });

  it('expected-findings.json lists exactly the VULN and SAFE markers of the sources', async () => {
    const files = [...new Set([...expected.vulnerabilities, ...expected.safeLookAlikes].map((e) => e.file))];
    const fromMarkers = { vulnerabilities: [] as string[], safe: [] as string[] };
    for (const file of files) {
      const m = markers(file, await readFile(path.join(fixture, file), 'utf8'));
      fromMarkers.vulnerabilities.push(...m.vulnerabilities);
      fromMarkers.safe.push(...m.safe);
    }
    expect(expected.vulnerabilities.map(key).sort()).to.deep.equal(fromMarkers.vulnerabilities.sort());
    expect(expected.safeLookAlikes.map(key).sort()).to.deep.equal(fromMarkers.safe.sort());
    expect(expected.vulnerabilities.length).to.be.at.least(50);
    expect(expected.safeLookAlikes.length).to.be.at.least(40);
  });

  it('finds every true vulnerability and reports nothing else (precision and recall printed)', () => {
    const truth = new Set([...expected.vulnerabilities, ...expected.dependencies].map(key));
    const reported = new Set(findings.map((f) => key({ file: f.file, line: f.range.startLine, ruleId: f.ruleId })));
    const truePositives = [...reported].filter((k) => truth.has(k));
    const falsePositives = [...reported].filter((k) => !truth.has(k));
    const missed = [...truth].filter((k) => !reported.has(k));
    const precision = truePositives.length / Math.max(1, reported.size);
    const recall = truePositives.length / truth.size;
    console.log(
      `      vulnerable-app: ${reported.size} reported, ${truePositives.length} true, ${falsePositives.length} false, ${missed.length} missed; precision ${(precision * 100).toFixed(1)}%, recall ${(recall * 100).toFixed(1)}%`,
    );
    expect(missed, 'missed vulnerabilities').to.deep.equal([]);
    expect(falsePositives, 'false positives').to.deep.equal([]);
  });

  it('reports nothing of the rule on any safe look-alike line', () => {
    const reported = new Set(findings.map((f) => key({ file: f.file, line: f.range.startLine, ruleId: f.ruleId })));
    expect(expected.safeLookAlikes.map(key).filter((k) => reported.has(k))).to.deep.equal([]);
  });

  it('gives every finding a severity, a CWE id, a category, and taint findings an evidence path from source to sink', () => {
    for (const f of findings) {
      expect(['critical', 'high', 'medium', 'low'], key({ file: f.file, line: f.range.startLine, ruleId: f.ruleId })).to.include(
        f.severity,
      );
      expect(f.cwe).to.match(/^CWE-\d+$/);
      expect(f.data!.category).to.be.a('string');
    }
    const tainted = findings.filter((f) => f.data!.evidence);
    expect(tainted.length).to.be.at.least(30);
    for (const f of tainted) {
      const evidence = f.data!.evidence as { file: string; line: number; column: number; label: string }[];
      expect(evidence.length).to.be.at.least(2);
      expect(evidence[0]!.label).to.match(/^source: /);
      expect(evidence.at(-1)!.label).to.match(/^sink: /);
      expect(evidence.at(-1)!.line).to.equal(f.range.startLine);
      expect(evidence.at(-1)!.file, 'the sink is where the finding is').to.equal(f.file);
    }
  });

  it('follows input across modules: the finding is at the sink, its evidence starts at the source in the route file', () => {
    const trail = (file: string, line: number): string[] => {
      const f = findings.find((x) => x.file === file && x.range.startLine === line)!;
      expect(f, `${file}:${line}`).to.not.equal(undefined);
      return (f.data!.evidence as { file: string; line: number; label: string }[]).map((s) => `${s.file}:${s.line}:${s.label}`);
    };
    // Three modules: route -> service (ESM namespace import) -> repository (through a re-exporting index).
    expect(trail('src/repositories/accounts.ts', 6)).to.deep.equal([
      'src/routes/accounts.ts:14:source: request query (req.query.term)',
      'src/routes/accounts.ts:14:passed to accounts.lookupAccount() as argument 1',
      'src/services/accounts.ts:3:assigned to term',
      'src/services/accounts.ts:4:assigned to cleaned',
      'src/services/accounts.ts:5:passed to findAccount() as argument 1',
      'src/repositories/accounts.ts:4:assigned to name',
      'src/repositories/accounts.ts:5:assigned to sql',
      'src/repositories/accounts.ts:6:sink: pool.query()',
    ]);
    // A CommonJS module's function, default-imported by an ESM route.
    expect(trail('src/lib/archive.cjs', 5)[0]).to.equal('src/routes/accounts.ts:37:source: request body (req.body.folder)');
    // The SQL text comes back from another module (`export *`) and reaches the sink in the route file.
    expect(trail('src/routes/accounts.ts', 26)).to.include('src/repositories/queries.ts:2:assigned to column');
    const message = findings.find((x) => x.file === 'src/lib/storage.ts')!.message;
    expect(message).to.contain('called from src/routes/accounts.ts');
  });

  it('follows input through a same-file helper: the evidence passes the call and the parameter', () => {
    const viaHelper = findings.find((f) => f.file === 'src/routes/users.ts' && f.range.startLine === 13)!;
    const labels = (viaHelper.data!.evidence as { line: number; label: string }[]).map((s) => `${s.line}:${s.label}`);
    expect(labels).to.deep.equal([
      '46:source: request query (req.query.filter)',
      '46:assigned to filter',
      '47:passed to runReport() as argument 1',
      '12:assigned to sql',
      '13:sink: sqlite.prepare()',
    ]);
  });

  it('counts findings by severity and category, and says so in the summary', () => {
    const bySeverity = { critical: 0, high: 0, medium: 0, low: 0 } as Record<string, number>;
    for (const f of findings) bySeverity[f.severity]! += 1;
    expect(data.counts).to.include(bySeverity);
    expect(Object.values(data.byCategory).reduce((a, b) => a + b, 0)).to.equal(findings.length);
    expect(data.byCategory).to.include.keys('injection', 'xss', 'secrets', 'crypto', 'csrf', 'transport', 'jwt', 'dependencies');
  });
});
