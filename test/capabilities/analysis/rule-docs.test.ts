/**
 * One check across ALL analysis capabilities, so a new capability or rule cannot ship undocumented:
 * every module of capabilities/analysis/ (found on disk, not listed by hand) has an inputSchema with
 * include/exclude globs and rule enable/disable, documents every rule (id, title, description, why,
 * fix, a bad and a good example; CWE for security rules), and every finding it reports on the
 * real fixtures names a documented rule and carries a severity (security: a CWE too).
 */
import { expect } from 'chai';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../core/context/index.js';
import type { CapabilityContext, CapabilityMeta, Finding, StepResult } from '../../../core/index.js';

interface AnalysisModule {
  meta: CapabilityMeta;
  run: (input: never, ctx: CapabilityContext) => Promise<StepResult>;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MODULES_DIR = path.resolve(HERE, '../../../capabilities/analysis');
const FIXTURES = path.resolve(HERE, '../../../../fixtures');
const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];
/** analysis.quality reports scores, not findings of its own: it has no rules to document or select. */
/** Capabilities whose findings are other checks' (analysis.quality's are the issues it scored). */
const NO_OWN_FINDINGS = new Set(['analysis.quality']);
/** Rule-id prefix per capability (lint reports ESLint's rules). */
const prefixOf = (id: string): string => (id === 'analysis.lint' ? 'eslint' : id.slice('analysis.'.length));

async function loadModules(): Promise<AnalysisModule[]> {
  const files = (await readdir(MODULES_DIR)).filter((f) => f.endsWith('.js')).sort();
  return Promise.all(files.map(async (f) => (await import(path.join(MODULES_DIR, f))) as AnalysisModule));
}

async function runOnFixture(mod: AnalysisModule, fixture: string): Promise<Finding[]> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-rule-docs-'));
  try {
    await cp(path.join(FIXTURES, fixture), root, { recursive: true });
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 10_000 } });
    return (await mod.run({} as never, ctx)).findings ?? [];
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

describe('analysis capabilities: schemas and rule documentation (all of them)', function () {
  this.timeout(120_000);
  let modules: AnalysisModule[] = [];
  before(async () => {
    modules = await loadModules();
  });

  it('finds the ten analysis capabilities on disk', () => {
    expect(modules.map((m) => m.meta.id).sort()).to.deep.equal([
      'analysis.complexity',
      'analysis.dependencies',
      'analysis.duplication',
      'analysis.lint',
      'analysis.naming',
      'analysis.performance',
      'analysis.quality',
      'analysis.security',
      'analysis.smells',
      'analysis.structure',
    ]);
  });

  it('every inputSchema selects files (include/exclude) and, where the capability reports findings, rules (enable/disable)', () => {
    for (const { meta } of modules) {
      const props = (meta.inputSchema as { properties?: Record<string, { properties?: Record<string, unknown> }> }).properties ?? {};
      expect(props, `${meta.id} include/exclude`).to.include.keys('include', 'exclude');
      if (NO_OWN_FINDINGS.has(meta.id)) continue;
      expect(props.rules?.properties, `${meta.id} rules`).to.include.keys('enable', 'disable');
    }
  });

  it('every rule of every capability is documented: id, title, description, why, fix, bad and good examples', () => {
    for (const { meta } of modules) {
      const rules = meta.rules ?? [];
      if (!NO_OWN_FINDINGS.has(meta.id)) expect(rules.length, `${meta.id} documents its rules`).to.be.above(0);
      for (const rule of rules) {
        const where = `${meta.id} ${rule.id}`;
        expect(rule.id, where).to.match(new RegExp(`^${prefixOf(meta.id)}/[a-z0-9@/-]+$`));
        expect(rule.title, `${where}.title`).to.be.a('string').with.length.above(3);
        for (const field of ['description', 'why', 'fix'] as const)
          expect(rule[field], `${where}.${field}`).to.be.a('string').with.length.above(10);
        expect(rule.example.bad, `${where} bad example`).to.be.a('string').with.length.above(3);
        expect(rule.example.good, `${where} good example`).to.be.a('string').with.length.above(3);
        expect(rule.example.bad, `${where} examples differ`).to.not.equal(rule.example.good);
        expect(SEVERITIES, `${where} severity`).to.include(rule.defaultSeverity);
        if (meta.id === 'analysis.security') expect(rule.cwe, `${where} cwe`).to.match(/^CWE-\d+$/);
      }
      expect(new Set(rules.map((r) => r.id)).size, `${meta.id} rule ids are unique`).to.equal(rules.length);
    }
  });

  for (const fixture of ['vulnerable-app', 'express-ts-api', 'react-ts-app']) {
    it(`every finding on fixtures/${fixture} names a documented rule and has a severity (security: a CWE)`, async () => {
      let total = 0;
      // analysis.quality reports the issues it scored, which are the other checks' rules.
      const everyRule = new Set(modules.flatMap((m) => (m.meta.rules ?? []).map((r) => r.id)));
      for (const mod of modules) {
        const documented = NO_OWN_FINDINGS.has(mod.meta.id) ? everyRule : new Set((mod.meta.rules ?? []).map((r) => r.id));
        for (const finding of await runOnFixture(mod, fixture)) {
          total++;
          const where = `${mod.meta.id} ${finding.ruleId} ${finding.file}:${finding.range.startLine}`;
          expect(documented.has(finding.ruleId), `${where} is documented`).to.equal(true);
          expect(SEVERITIES, where).to.include(finding.severity);
          if (mod.meta.id === 'analysis.security') expect(finding.cwe, `${where} cwe`).to.match(/^CWE-\d+$/);
        }
      }
      expect(total, 'the fixture produces findings to check').to.be.above(0);
    });
  }
});
