/**
 * documentation.examples with the project-code permission: the examples it takes from real calls are
 * run in agentd's sandbox before they are written (each with its own instances of the package's
 * modules); reported per package — exports, examples from real calls that could run, passed, failed
 * (not written), not run (their module could not be loaded), the share that pass, and the wall time.
 * Goal: 100 % of the WRITTEN examples pass — true by construction (a failing one is not written); the
 * share of all runnable ones says how often a test's call, shown on its own, is not a working example
 * (it needs setup the test did elsewhere, or the test expects it to fail). Each failure is listed.
 * Packages: our fixture (fixtures/documentation/toolkit) and real repositories at pinned commits from
 * their snapshots (bench/mirror-packages.ts). A missing snapshot or commit is said, the package not run.
 *
 *   node dist/bench/documentation-examples-run.js
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clearCaches } from '../core/cache/index.js';
import { createLocalContext } from '../core/context/index.js';
import { run as examples } from '../capabilities/documentation/examples.js';
import type { ExecutionReport } from '../capabilities/documentation/examples/execute.js';
import { labelOf, materialise, REAL_PACKAGES as REAL } from './mirror-packages.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
interface Row {
  label: string;
  exports: number;
  report: ExecutionReport;
  ms: number;
}

async function measure(label: string, root: string): Promise<Row> {
  clearCaches();
  const started = performance.now();
  const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 10_000 }, permissions: { projectCode: true } });
  const result = await examples({}, ctx);
  const ms = performance.now() - started;
  const data = result.data as { examples: unknown[]; run: ExecutionReport };
  return { label, exports: data.examples.length, report: data.run, ms };
}

export async function run(): Promise<void> {
  const rows: Row[] = [];
  const notRun: string[] = [];
  const fixture = await mkdtemp(path.join(tmpdir(), 'agentd-bench-examples-toolkit-'));
  await cp(path.join(repo, 'fixtures', 'documentation', 'toolkit'), fixture, { recursive: true });
  rows.push(await measure('fixtures/documentation/toolkit', fixture));
  await rm(fixture, { recursive: true, force: true });
  for (const pkg of REAL) {
    const root = await mkdtemp(path.join(tmpdir(), 'agentd-bench-examples-'));
    try {
      const why = materialise(pkg, root);
      if (why) notRun.push(`${pkg.repo}: NOT RUN (${why})`);
      else rows.push(await measure(labelOf(pkg), root));
    } catch (error) {
      notRun.push(`${pkg.repo}: ${(error as Error).message}`);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
  console.log(
    '| package | exports | examples from real calls | passed | failed (not written) | not run | pass share | written that pass | ms |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const { runnable, passed, failed, notRun: unrun } = r.report;
    const written = runnable - failed.length;
    console.log(
      `| ${r.label} | ${r.exports} | ${runnable} | ${passed} | ${failed.length} | ${unrun.length} | ${((100 * passed) / Math.max(runnable, 1)).toFixed(1)} % | ${passed}/${written} | ${r.ms.toFixed(0)} |`,
    );
  }
  for (const r of rows)
    for (const f of r.report.failed) console.log(`${r.label} failed: ${f.name} at ${f.from}: ${f.message.split('\n')[0]!.slice(0, 160)}`);
  for (const r of rows)
    for (const f of r.report.notRun) console.log(`${r.label} not run: ${f.name} at ${f.from}: ${f.message.split('\n')[0]!.slice(0, 160)}`);
  for (const line of notRun) console.log(line);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
