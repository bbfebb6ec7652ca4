/**
 * The library models (capabilities/analysis/security/models/) against their labelled cases in
 * fixtures/security-corpus/: every model has vulnerable and safe cases of its own; every project of
 * the corpus is scanned by the real capability and must report exactly its VULN lines (rule and
 * line), nothing on its SAFE lines, nothing unlabelled, and not yet its MISS lines; every family the
 * issue measures has at least 10 vulnerable and 5 safe cases; findings carry CWE, fix and evidence.
 */
import { expect } from 'chai';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MODELS } from '../../../../capabilities/analysis/security/models/index.js';
import { CORPUS_DIR, corpusProjects, FAMILIES, familyOf, scanCorpusProject, type CorpusProject } from './corpus/read-corpus.js';

const projects = corpusProjects();
const key = (m: { file: string; line: number; ruleId: string }): string => `${m.file}:${m.line} ${m.ruleId}`;

describe('analysis.security library models and their labelled corpus', () => {
  it('every model has a corpus folder with vulnerable and safe cases of its own', () => {
    for (const model of MODELS) {
      expect(existsSync(path.join(CORPUS_DIR, model.id)), `fixtures/security-corpus/${model.id}/`).to.equal(true);
      const markers = projects.filter((p) => p.model === model.id).flatMap((p) => p.markers);
      expect(
        markers.some((m) => m.label !== 'SAFE'),
        `${model.id} has a vulnerable case`,
      ).to.equal(true);
      expect(
        markers.some((m) => m.label === 'SAFE'),
        `${model.id} has a safe twin`,
      ).to.equal(true);
    }
    const ids = new Set(MODELS.map((m) => m.id));
    expect(
      projects.map((p) => p.model).filter((m) => !ids.has(m)),
      'corpus folders without a model',
    ).to.deep.equal([]);
  });

  it('has at least 10 vulnerable and 5 safe cases in every family, and every marker names a known family', () => {
    const counts: Record<string, { vulnerable: number; safe: number }> = Object.fromEntries(
      Object.keys(FAMILIES).map((f) => [f, { vulnerable: 0, safe: 0 }]),
    );
    for (const m of projects.flatMap((p) => p.markers)) {
      const family = familyOf(m.ruleId);
      expect(family, m.ruleId).to.be.a('string');
      counts[family!]![m.label === 'SAFE' ? 'safe' : 'vulnerable'] += 1;
    }
    for (const [family, c] of Object.entries(counts)) {
      expect(c.vulnerable, `${family} vulnerable cases`).to.be.at.least(10);
      expect(c.safe, `${family} safe cases`).to.be.at.least(5);
    }
  });

  describe('each corpus project reports exactly its VULN lines', () => {
    for (const p of projects) {
      it(p.name, async () => check(p));
    }
  });
});

async function check(p: CorpusProject): Promise<void> {
  const findings = await scanCorpusProject(p);
  const reported = new Set(findings.map((f) => key({ file: f.file, line: f.range.startLine, ruleId: f.ruleId })));
  const vulnerable = p.markers.filter((m) => m.label === 'VULN').map(key);
  const misses = new Set(p.markers.filter((m) => m.label === 'MISS').map(key));
  expect(
    vulnerable.filter((k) => !reported.has(k)),
    'VULN lines not reported',
  ).to.deep.equal([]);
  expect(
    [...reported].filter((k) => misses.has(k)),
    'MISS lines now found: update the markers',
  ).to.deep.equal([]);
  expect(
    [...reported].filter((k) => !vulnerable.includes(k)),
    'findings on lines not marked VULN',
  ).to.deep.equal([]);
  for (const f of findings) {
    expect(f.cwe, key({ ...f, line: f.range.startLine })).to.match(/^CWE-\d+$/);
    expect(f.fix?.description, `${f.ruleId} fix hint`).to.be.a('string').and.not.equal('');
    const evidence = f.data?.evidence as { label: string; line: number }[] | undefined;
    if (evidence) {
      expect(evidence[0]!.label).to.match(/^source: /);
      expect(evidence.at(-1)!.label).to.match(/^sink: /);
      expect(evidence.at(-1)!.line).to.equal(f.range.startLine);
    }
  }
}
