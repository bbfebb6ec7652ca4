/**
 * debugging.typecheck beside `tsc --noEmit -p <config>` (the same TypeScript, agentd's, as a child
 * process) on the same projects in the same run, rounds taking turns: agentd's own tree
 * (tsconfig.json, ~600 files) and the type-errors sample (an app and a tests tsconfig). Prints the median wall time of each, debugging.typecheck both cold (a fresh process per
 * round, module load included) and warm (a second check in one process: TypeScript's lib files parsed
 * once), and whether both report the same diagnostics (file, line, column, code).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createLocalContext } from '../core/context/index.js';
import { run as typecheck } from '../capabilities/debugging/typecheck.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, '../..');
const TSC = path.join(REPO, 'node_modules/typescript/bin/tsc');
const ROUNDS = Number(process.env.TYPECHECK_BENCH_ROUNDS ?? 3);
const exec = promisify(execFile);

interface Case {
  name: string;
  root: string;
  configs: string[];
}

const CASES: Case[] = [
  { name: "agentd's own tree", root: REPO, configs: ['tsconfig.json'] },
  {
    name: 'fixtures/debugging-samples/type-errors',
    root: path.join(REPO, 'fixtures/debugging-samples/type-errors'),
    configs: ['tsconfig.json', 'tsconfig.test.json'],
  },
];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function tscRun(c: Case): Promise<{ ms: number; diagnostics: Set<string> }> {
  const started = performance.now();
  const diagnostics = new Set<string>();
  for (const config of c.configs) {
    const out = await exec(
      process.execPath,
      [TSC, '--noEmit', '--incremental', 'false', '--composite', 'false', '-p', config, '--pretty', 'false'],
      { cwd: c.root, maxBuffer: 64 << 20 },
    ).then(
      (r) => r.stdout,
      (e: { stdout: string }) => e.stdout,
    );
    for (const m of out.matchAll(/^(.+?)\((\d+),(\d+)\): error TS(\d+)/gm)) diagnostics.add(`${m[1]}:${m[2]}:${m[3]}:${m[4]}`);
  }
  return { ms: performance.now() - started, diagnostics };
}

async function oursInProcess(c: Case): Promise<{ ms: number; diagnostics: Set<string> }> {
  const started = performance.now();
  const { ctx } = await createLocalContext({ root: c.root, limits: { maxToolCalls: 100_000 } });
  const result = await typecheck({ tsconfig: c.configs, maxDiagnostics: 10_000 }, ctx);
  const ms = performance.now() - started;
  const data = result.data as { diagnostics: { file: string | null; line: number; column: number; code: number }[] };
  return { ms, diagnostics: new Set(data.diagnostics.filter((d) => d.file).map((d) => `${d.file}:${d.line}:${d.column}:${d.code}`)) };
}

async function oursCold(c: Case): Promise<number> {
  const script = `const s=performance.now();const {createLocalContext}=await import(${JSON.stringify(path.join(REPO, 'dist/core/context/index.js'))});const {run}=await import(${JSON.stringify(path.join(REPO, 'dist/capabilities/debugging/typecheck.js'))});const {ctx}=await createLocalContext({root:${JSON.stringify(c.root)},limits:{maxToolCalls:100000}});await run({tsconfig:${JSON.stringify(c.configs)}},ctx);console.log(performance.now()-s);`;
  const started = performance.now();
  await exec(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 16 << 20 });
  return performance.now() - started;
}

export async function run(): Promise<void> {
  console.log(
    `debugging.typecheck vs tsc --noEmit (TypeScript ${(await import('typescript')).default.version}), ${ROUNDS} rounds, medians`,
  );
  for (const c of CASES) {
    const peer: number[] = [];
    const cold: number[] = [];
    const warm: number[] = [];
    let same = true;
    let counts = '';
    for (let round = 0; round < ROUNDS; round++) {
      const t = await tscRun(c);
      peer.push(t.ms);
      cold.push(await oursCold(c));
      await oursInProcess(c);
      const o = await oursInProcess(c);
      warm.push(o.ms);
      same &&= t.diagnostics.size === o.diagnostics.size && [...t.diagnostics].every((d) => o.diagnostics.has(d));
      counts = `${o.diagnostics.size} diagnostic(s) (tsc: ${t.diagnostics.size})`;
    }
    console.log(
      `  ${c.name} [${c.configs.join(', ')}]: tsc --noEmit ${median(peer).toFixed(0)} ms; debugging.typecheck cold ${median(cold).toFixed(0)} ms (${(median(cold) / median(peer)).toFixed(2)}x), warm ${median(warm).toFixed(0)} ms (${(median(warm) / median(peer)).toFixed(2)}x); ${counts}; same diagnostics: ${same ? 'yes' : 'NO'}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
