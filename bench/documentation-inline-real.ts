/**
 * documentation.inline on real packages (bench/mirror-packages.ts) and on our fixture: doc comments
 * added to the undocumented exports, then checked as the issue asks — eslint-plugin-jsdoc's
 * correctness rules (check-param-names, require-param, require-returns, check-tag-names) on every file
 * it changed, before and after (problems the change added: goal 0; those of the hand-written comments
 * stay), Microsoft's TSDoc parser on every added comment (goal 0 messages), the files' code unchanged
 * apart from doc comments (goal: all). Also what it left undocumented, with the reason, and its time.
 *
 *   node dist/bench/documentation-inline-real.js
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clearCaches } from '../core/cache/index.js';
import { createLocalContext } from '../core/context/index.js';
import { run as inline } from '../capabilities/documentation/inline.js';
import { jsdocProblems, tsdocMessages, withoutDocComments } from '../test/capabilities/documentation/comment-checks.js';
import { labelOf, materialise, REAL_PACKAGES } from './mirror-packages.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));

interface Row {
  label: string;
  files: number;
  comments: number;
  skipped: number;
  jsdocBefore: number;
  jsdocAdded: string[];
  tsdoc: string[];
  codeChanged: string[];
  ms: number;
}

/** `after` problems not in `before` (a multiset difference on rule + message, lines ignored). */
function added(before: string[], after: string[]): string[] {
  const key = (p: string): string => p.replace(/:\d+ /, ' ');
  const left = new Map<string, number>();
  for (const p of before) left.set(key(p), (left.get(key(p)) ?? 0) + 1);
  return after.filter((p) => {
    const n = left.get(key(p)) ?? 0;
    if (n === 0) return true;
    left.set(key(p), n - 1);
    return false;
  });
}

async function measure(label: string, root: string): Promise<Row> {
  clearCaches();
  const started = performance.now();
  const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 10_000 } });
  const result = await inline({}, ctx);
  const ms = performance.now() - started;
  const data = result.data as { skipped?: unknown[] };
  const row: Row = {
    label,
    files: 0,
    comments: 0,
    skipped: data.skipped?.length ?? 0,
    jsdocBefore: 0,
    jsdocAdded: [],
    tsdoc: [],
    codeChanged: [],
    ms,
  };
  for (const change of ctx.workspace.changes()) {
    if (change.after === null || !/\.[cm]?[jt]sx?$/.test(change.path)) continue;
    const before = await readFile(path.join(root, change.path), 'utf8');
    row.files += 1;
    const problemsBefore = jsdocProblems(change.path, before);
    row.jsdocBefore += problemsBefore.length;
    row.jsdocAdded.push(...added(problemsBefore, jsdocProblems(change.path, change.after)));
    const { comments, messages } = tsdocMessages(before, change.after);
    row.comments += comments;
    row.tsdoc.push(...messages.map((m) => `${change.path}: ${m}`));
    if (withoutDocComments(before) !== withoutDocComments(change.after)) row.codeChanged.push(change.path);
  }
  return row;
}

export async function run(): Promise<void> {
  const rows: Row[] = [];
  const notRun: string[] = [];
  const fixture = await mkdtemp(path.join(tmpdir(), 'agentd-bench-inline-toolkit-'));
  await cp(path.join(repo, 'fixtures', 'documentation', 'toolkit'), fixture, { recursive: true });
  rows.push(await measure('fixtures/documentation/toolkit', fixture));
  await rm(fixture, { recursive: true, force: true });
  for (const pkg of REAL_PACKAGES) {
    const root = await mkdtemp(path.join(tmpdir(), 'agentd-bench-inline-'));
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
    '| package | files changed | comments added | left undocumented | jsdoc problems before | jsdoc problems added | TSDoc messages | code changed | ms |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| ${r.label} | ${r.files} | ${r.comments} | ${r.skipped} | ${r.jsdocBefore} | ${r.jsdocAdded.length} | ${r.tsdoc.length} | ${r.codeChanged.length} | ${r.ms.toFixed(0)} |`,
    );
  for (const r of rows) for (const p of r.jsdocAdded.slice(0, 10)) console.log(`${r.label} jsdoc: ${p}`);
  for (const r of rows) for (const m of r.tsdoc.slice(0, 10)) console.log(`${r.label} TSDoc: ${m}`);
  for (const r of rows) for (const f of r.codeChanged) console.log(`${r.label} code changed: ${f}`);
  for (const line of notRun) console.log(line);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
