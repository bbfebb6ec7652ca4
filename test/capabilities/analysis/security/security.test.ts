import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { loadRegistry } from '../../../../core/registry/index.js';
import { meta } from '../../../../capabilities/analysis/security.js';
import { scan, type CaseTable } from './security-tester.js';
import { INJECTION_CASES } from './cases/injection-cases.js';
import { XSS_CASES } from './cases/xss-cases.js';
import { SECRET_CASES } from './cases/secret-cases.js';
import { CRYPTO_CASES } from './cases/crypto-cases.js';
import { WEB_CASES } from './cases/web-cases.js';
import { FAMILY_CASES } from './cases/family-cases.js';

const TABLES: CaseTable[] = [INJECTION_CASES, XSS_CASES, SECRET_CASES, CRYPTO_CASES, WEB_CASES, FAMILY_CASES];

const VULNERABLE = {
  'src/app.ts': `import { exec } from 'child_process';
app.get('/x', (req, res) => {
  exec('ls ' + req.query.dir);
  res.send(\`<p>\${req.query.q}</p>\`);
});
export const dbPassword = 'Sup3r-S3cret-2024';
`,
  'test/helpers.ts': "export const dbPassword = 'An0ther-S3cret-99';\n",
};

describe('capabilities/analysis/security', () => {
  describe('meta', () => {
    it('documents every rule fully and has at least one valid and one invalid case for each (except the dependency rule, tested with the fixture)', () => {
      for (const rule of meta.rules!) {
        // The dependency rule's CWE is each advisory's own, carried by its findings.
        const fields =
          rule.id === 'security/vulnerable-dependency'
            ? (['id', 'title', 'description', 'why', 'fix', 'category'] as const)
            : (['id', 'title', 'description', 'why', 'fix', 'cwe', 'category'] as const);
        for (const field of fields) expect(rule[field], `${rule.id}.${field}`).to.be.a('string').and.not.equal('');
        expect(rule.example.bad, `${rule.id}.example.bad`).to.not.equal('');
        expect(rule.example.good, `${rule.id}.example.good`).to.not.equal('');
        expect(['critical', 'high', 'medium', 'low']).to.include(rule.defaultSeverity);
        if (rule.id === 'security/vulnerable-dependency') continue;
        expect(
          TABLES.some((t) => t.valid.some((c) => c.rule === rule.id)),
          `${rule.id} has a valid case`,
        ).to.equal(true);
        expect(
          TABLES.some((t) => t.invalid.some((c) => c.rule === rule.id)),
          `${rule.id} has an invalid case`,
        ).to.equal(true);
      }
      const cases = TABLES.reduce((n, t) => n + t.valid.length + t.invalid.length, 0);
      expect(cases).to.be.at.least(60);
    });

    it('is accepted by the registry, is plain JSON, and its inputSchema validates categories, rules and severities', async () => {
      const registry = await loadRegistry({
        roots: [],
        modules: [fileURLToPath(new URL('../../../../capabilities/analysis/security.js', import.meta.url))],
      });
      expect(registry.list()).to.deep.equal([meta]);
      expect(JSON.parse(JSON.stringify(meta))).to.deep.equal(meta);
      const good = {
        include: ['src/**'],
        categories: ['injection', 'secrets'],
        rules: { disable: ['security/open-redirect'] },
        severity: { 'security/weak-hash': 'info' },
        testFiles: 'skip',
      };
      expect(registry.validateInput('analysis.security', good).valid).to.equal(true);
      const bad = registry.validateInput('analysis.security', {
        categories: ['sqli'],
        rules: { disable: ['security/no-such-rule'] },
        severity: { 'security/sql-injection': 'urgent' },
        testFiles: 'hide',
      });
      expect(bad.valid).to.equal(false);
      expect(bad.errors.map((e) => e.path)).to.include.members([
        '/categories/0',
        '/rules/disable/0',
        '/severity/security~1sql-injection',
        '/testFiles',
      ]);
    });
  });

  describe('result', () => {
    it('summarises counts by severity, and reports test files as info outside the counts', async () => {
      const result = await scan(VULNERABLE);
      expect(result.summary).to.equal('3 findings: 1 critical, 2 high in 2 files (+1 info in test files).');
      const data = result.data as { counts: Record<string, number>; byCategory: Record<string, number> };
      expect(data.counts).to.deep.equal({ critical: 1, high: 2, medium: 0, low: 0, info: 1 });
      expect(data.byCategory).to.deep.equal({ injection: 1, xss: 1, secrets: 2 });
      const info = result.findings!.find((f) => f.file === 'test/helpers.ts')!;
      expect(info).to.include({ severity: 'info', ruleId: 'security/hardcoded-password' });
      expect(info.data!.context).to.equal('test');
    });

    it('runs only the chosen categories and rules, with severity overrides', async () => {
      const injection = await scan(VULNERABLE, { categories: ['injection'] });
      expect(injection.findings!.map((f) => f.ruleId)).to.deep.equal(['security/command-injection']);
      const disabled = await scan(VULNERABLE, { rules: { disable: ['security/command-injection', 'security/hardcoded-password'] } });
      expect(disabled.findings!.map((f) => f.ruleId)).to.deep.equal(['security/reflected-xss']);
      const enabledOnly = await scan(VULNERABLE, {
        rules: { enable: ['security/hardcoded-password'] },
        severity: { 'security/hardcoded-password': 'low' },
        testFiles: 'report',
      });
      expect(enabledOnly.findings!.map((f) => `${f.file} ${f.severity}`)).to.deep.equal(['src/app.ts low', 'test/helpers.ts low']);
    });

    it('says so when nothing is found', async () => {
      const result = await scan({ 'src/ok.ts': 'export const add = (a: number, b: number) => a + b;\n' });
      expect(result.summary).to.equal('0 findings in 1 files.');
      expect(result.findings).to.deep.equal([]);
    });

    it('costs one list and one batched parse whatever the number of files, and fails with tool_call_limit when even that is over budget', async () => {
      const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`src/f${i}.ts`, `export const v${i} = ${i};\n`]));
      const { mkdtemp, writeFile, mkdir, rm } = await import('node:fs/promises');
      const { tmpdir } = await import('node:os');
      const path = await import('node:path');
      const { createLocalContext } = await import('../../../../core/context/index.js');
      const { run } = await import('../../../../capabilities/analysis/security.js');
      const root = await mkdtemp(path.join(tmpdir(), 'agentd-security-budget-'));
      try {
        await mkdir(path.join(root, 'src'));
        for (const [name, content] of Object.entries(files)) await writeFile(path.join(root, name), content);
        const small = await createLocalContext({ root, limits: { maxToolCalls: 1 } });
        let code: string | undefined;
        await run({ categories: ['injection'] }, small.ctx).catch((e: { code?: string }) => (code = e.code));
        expect(code).to.equal('tool_call_limit');
        const enough = await createLocalContext({ root, limits: { maxToolCalls: 20 } });
        await run({ categories: ['injection'] }, enough.ctx);
        expect(enough.budget.used).to.equal(2); // one list + one parseMany for the 12 files
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    });
  });
});
