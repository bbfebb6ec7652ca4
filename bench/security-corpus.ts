/**
 * analysis.security's recall and false-positive rate per rule family on the labelled corpus
 * (fixtures/security-corpus/, written for these models: see its README), beside eslint-plugin-security
 * and — installed from npm at bench time — eslint-plugin-security-node and eslint-plugin-no-unsanitized,
 * all in the same run over the same files.
 *
 * A vulnerable line (VULN or MISS marker) is found when the tool reports anything on that line (for
 * analysis.security also shown strictly: a rule of the marker's family); a safe line (SAFE marker) is a
 * false positive when the tool reports anything on it. Rates are per family: found / vulnerable lines,
 * flagged / safe lines. "unlabelled" counts findings on lines without a marker. The corpus is ours, so
 * analysis.security's own numbers are an upper bound; the peers' are what a team would get from them.
 */
import { pathToFileURL } from 'node:url';
import type { Finding } from '../core/index.js';
import {
  corpusProjects,
  familyOf,
  FAMILIES,
  scanCorpusProject,
  type CorpusProject,
} from '../test/capabilities/analysis/security/corpus/read-corpus.js';
import { installFromNpm } from './security-bench/npm-packages.js';
import { allRulesOf, eslintPluginSecurity, runPeer, type PeerPlugin } from './security-bench/peer-linters.js';

interface Tally {
  found: number;
  strict: number;
  flagged: number;
}

type Lines = Map<string, string[]>;

const PEERS_FROM_NPM = ['eslint-plugin-security-node@1.1.4', 'eslint-plugin-no-unsanitized@4.1.5'];

async function ours(projects: CorpusProject[], profile: 'default' | 'audit'): Promise<{ lines: Lines; ms: number }> {
  const lines: Lines = new Map();
  const started = performance.now();
  for (const p of projects) {
    const findings: Finding[] = await scanCorpusProject(p, { profile });
    for (const f of findings) {
      const k = `${p.name}/${f.file}:${f.range.startLine}`;
      lines.set(k, [...(lines.get(k) ?? []), f.ruleId]);
    }
  }
  return { lines, ms: performance.now() - started };
}

function tally(projects: CorpusProject[], lines: Lines): { families: Map<string, Tally>; unlabelled: number } {
  const out = new Map<string, Tally>(Object.keys(FAMILIES).map((f) => [f, { found: 0, strict: 0, flagged: 0 }]));
  const labelled = new Set<string>();
  for (const p of projects) {
    for (const m of p.markers) {
      const k = `${p.name}/${m.file}:${m.line}`;
      labelled.add(k);
      const t = out.get(familyOf(m.ruleId)!)!;
      const rules = lines.get(k) ?? [];
      if (m.label === 'SAFE') {
        if (rules.length > 0) t.flagged += 1;
      } else {
        if (rules.length > 0) t.found += 1;
        if (rules.some((r) => familyOf(r) === familyOf(m.ruleId))) t.strict += 1;
      }
    }
  }
  let unlabelled = 0;
  for (const [k, rules] of lines) if (!labelled.has(k)) unlabelled += rules.length;
  return { families: out, unlabelled };
}

const pct = (n: number, d: number): string => (d === 0 ? '-' : `${Math.round((n / d) * 100)}%`);

export async function run(): Promise<void> {
  const projects = corpusProjects();
  const files = projects.flatMap((p) => p.files.map((file) => ({ root: p.root, file, key: `${p.name}/${file}` })));
  const counts = new Map(Object.keys(FAMILIES).map((f) => [f, { vulnerable: 0, safe: 0 }]));
  for (const m of projects.flatMap((p) => p.markers)) counts.get(familyOf(m.ruleId)!)![m.label === 'SAFE' ? 'safe' : 'vulnerable'] += 1;

  const installed = installFromNpm(PEERS_FROM_NPM);
  try {
    const peers: PeerPlugin[] = [eslintPluginSecurity()];
    for (const [name, prefix] of [
      ['eslint-plugin-security-node', 'security-node'],
      ['eslint-plugin-no-unsanitized', 'no-unsanitized'],
    ] as const) {
      const version = installed.versions.get(name);
      if (version) peers.push(allRulesOf(name, version, prefix, installed.load(name)));
      else console.log(`${name}: not installed from npm (${installed.error ?? 'unknown error'}); left out of this run`);
    }
    const agentd = await ours(projects, 'default');
    const audit = await ours(projects, 'audit');
    const columns: { name: string; lines: Lines; ms: number; strict?: boolean }[] = [
      { name: 'analysis.security', lines: agentd.lines, ms: agentd.ms, strict: true },
      { name: 'analysis.security audit', lines: audit.lines, ms: audit.ms },
    ];
    for (const peer of peers) {
      const r = runPeer(peer, files);
      const byProjectLine: Lines = new Map([...r.byLine]);
      columns.push({ name: `${peer.name} ${peer.version}`, lines: byProjectLine, ms: r.ms });
      if (r.broken.length > 0) console.log(`${peer.name}: rules that throw on ESLint 10, left out: ${r.broken.join(', ')}`);
    }
    const tallies = columns.map((c) => tally(projects, c.lines));
    console.log(
      `\n== labelled corpus: ${projects.length} projects, ${files.length} files (fixtures/security-corpus); R = recall (vulnerable lines found), FP = safe lines flagged`,
    );
    console.log(
      `${'family'.padEnd(20)} ${'vuln'.padStart(4)} ${'safe'.padStart(4)}  ${columns.map((c) => c.name.slice(0, 24).padEnd(24)).join(' ')}`,
    );
    const totals = columns.map(() => ({ found: 0, strict: 0, flagged: 0 }));
    let vulnerable = 0;
    let safe = 0;
    for (const family of Object.keys(FAMILIES)) {
      const c = counts.get(family)!;
      vulnerable += c.vulnerable;
      safe += c.safe;
      const cells = tallies.map((t, i) => {
        const x = t.families.get(family)!;
        const total = totals[i]!;
        total.found += x.found;
        total.strict += x.strict;
        total.flagged += x.flagged;
        const strict = columns[i]!.strict ? ` (${pct(x.strict, c.vulnerable)})` : '';
        return `R ${pct(x.found, c.vulnerable)}${strict} FP ${pct(x.flagged, c.safe)}`.padEnd(24);
      });
      console.log(`${family.padEnd(20)} ${String(c.vulnerable).padStart(4)} ${String(c.safe).padStart(4)}  ${cells.join(' ')}`);
    }
    const all = totals.map((x, i) =>
      `R ${pct(x.found, vulnerable)}${columns[i]!.strict ? ` (${pct(x.strict, vulnerable)})` : ''} FP ${pct(x.flagged, safe)}`.padEnd(24),
    );
    console.log(`${'all families'.padEnd(20)} ${String(vulnerable).padStart(4)} ${String(safe).padStart(4)}  ${all.join(' ')}`);
    console.log(`${'unlabelled lines'.padEnd(31)}${tallies.map((t) => `${t.unlabelled} findings`.padEnd(24)).join(' ')}`);
    console.log(`${'time (ms)'.padEnd(31)}${columns.map((c) => String(Math.round(c.ms)).padEnd(24)).join(' ')}`);
    console.log(
      "(analysis.security: in parentheses, recall counting only a rule of the marker's family; peers have no CWE-level rule ids, so any rule counts for them)",
    );
  } finally {
    installed.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
