/**
 * Real bugs from the git history of public TypeScript packages (BugsJS-style), of two kinds.
 *
 * Type errors: each case in
 * `debugging-real-bugs.json` names a repository, a fix commit and its parent, and the error the parent
 * has that the fix commit removes. Nothing of those projects is in this repository: at bench time the
 * parent's tree is materialised from the repository's snapshot in /work/.mirror/<owner>+<name>/repo
 * (`git archive`, read-only; `REAL_BUGS_MIRROR` overrides the folder) into a temp folder, with the
 * @types packages its package.json names linked from agentd's node_modules when agentd has them (no
 * npm install: other dependencies stay unresolved, their TS2307s are in the baseline of every case).
 * A missing snapshot or commit is said and the case counted as not run.
 *
 * Per case: debugging.typecheck on the case's tsconfig (reported: the error at the case's file, line
 * and code; located: that line is one the fix commit changed), the catalogue category beside the
 * category judged from the fix (explained), and debugging.fix given the error as tsc output: refused
 * with a reason, or a staged change compared with the fix commit's file (fixed like the commit = every
 * line the change adds is in the commit's file and every line it removes is not; anything else = a
 * wrong fix, goal 0).
 *
 * Failing tests (`kind: "test"`): a fix commit that makes a test pass. The parent's tree is materialised
 * with the fix commit's test files in it and the tests are run with agentd's Vitest (Jest-style tests:
 * globals on, `@jest/globals` aliased to `vitest`; the package has no dependencies to install); they
 * must fail there and pass on the fix commit's tree (the evidence, re-established every run; a case
 * whose evidence does not hold is counted as not run). The failing output, as a user would paste it,
 * goes to debugging.diagnose (located: its location is on a line of the fixed file the commit changed;
 * explained: its category is the judged one) and to debugging.fix (a refusal with a reason is right: it
 * fixes type errors only; a staged change is compared with the fix commit as above).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLocalContext } from '../core/context/index.js';
import { run as typecheck } from '../capabilities/debugging/typecheck.js';
import { run as fix } from '../capabilities/debugging/fix.js';
import { run as diagnose } from '../capabilities/debugging/diagnose.js';
import { bestMatch } from '../capabilities/debugging/explain/match-error.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const MANIFEST = path.resolve(here, '../../bench/debugging-real-bugs.json');
const OUR_TYPES = path.resolve(here, '../../node_modules/@types');
const MIRROR = process.env.REAL_BUGS_MIRROR ?? '/work/.mirror';
const OUR_VITEST = path.resolve(here, '../../node_modules/vitest');

export interface RealBug {
  id: string;
  /** `test`: a failing test the fix commit makes pass; absent: a type error. */
  kind?: 'test';
  repo: string;
  fix: string;
  parent: string;
  subject: string;
  tsconfig: string;
  file: string;
  line: number;
  code: number;
  message: string;
  /** The lines of `file` (parent's numbering) the fix commit changed. */
  fixedLines: number[];
  /** The cause judged from the fix commit. */
  category: string;
}

/** A failing test from history: `file` and `fixedLines` are the fixed source file and the lines the commit changed there. */
export interface RealFailingTest extends Omit<RealBug, 'kind' | 'tsconfig' | 'line' | 'code' | 'message'> {
  kind: 'test';
  runner: 'vitest';
  /** The test files, taken from the fix commit into the parent's tree. */
  tests: string[];
  /** The failing test's title and first error line when the case was chosen (the bench re-runs it). */
  test: string;
  failure: string;
}

interface Diagnostic {
  file: string;
  line: number;
  column: number;
  code: number;
  message: string;
}

function git(gitDir: string, args: string[]): { ok: boolean; out: Buffer } {
  const r = spawnSync('git', ['--git-dir', gitDir, ...args], { maxBuffer: 1 << 30 });
  return { ok: r.status === 0, out: r.stdout ?? Buffer.alloc(0) };
}

async function materialise(gitDir: string, commit: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-real-bug-'));
  const archive = git(gitDir, ['archive', '--format=tar', commit]);
  if (!archive.ok) throw new Error(`git archive ${commit} failed`);
  const tar = spawnSync('tar', ['-x', '-C', root], { input: archive.out });
  if (tar.status !== 0) throw new Error(`tar failed: ${String(tar.stderr)}`);
  // The @types packages the project names and agentd has, linked (not installed).
  const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8').catch(() => '{}')) as Record<
    string,
    Record<string, string> | undefined
  >;
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((n) => n.startsWith('@types/'));
  for (const name of names) {
    const ours = path.join(OUR_TYPES, name.slice('@types/'.length));
    if (!existsSync(ours)) continue;
    await mkdir(path.join(root, 'node_modules', '@types'), { recursive: true });
    await symlink(ours, path.join(root, 'node_modules', name)).catch(() => undefined);
  }
  return root;
}

/** Runs `tests` in `root` with agentd's Vitest (Jest-style globals; `@jest/globals` is Vitest's API). */
function runVitest(root: string, tests: string[]): { passed: boolean; output: string } {
  const config = path.join(root, 'agentd-bench.vitest.config.mjs');
  const r = spawnSync(process.execPath, [path.join(OUR_VITEST, 'vitest.mjs'), 'run', '--config', config, ...tests], {
    cwd: root,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' },
    encoding: 'utf8',
    timeout: 300_000,
    maxBuffer: 1 << 28,
  });
  return { passed: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

async function withVitest(root: string): Promise<void> {
  await mkdir(path.join(root, 'node_modules'), { recursive: true });
  await symlink(OUR_VITEST, path.join(root, 'node_modules', 'vitest')).catch(() => undefined);
  await writeFile(
    path.join(root, 'agentd-bench.vitest.config.mjs'),
    "export default { test: { globals: true, alias: { '@jest/globals': 'vitest' } } };\n",
  );
}

interface TestVerdict {
  row: string;
  notRun?: boolean;
  located?: boolean;
  inFile?: boolean;
  explained?: boolean;
  outcome?: 'fixed' | 'refused' | 'wrong';
  reason?: string;
}

/** One failing test from history: the evidence re-established, then debugging.diagnose and debugging.fix on its output. */
async function runFailingTest(c: RealFailingTest, gitDir: string, head: string): Promise<TestVerdict> {
  const fixed = await materialise(gitDir, c.fix);
  try {
    await withVitest(fixed);
    if (!runVitest(fixed, c.tests).passed) return { row: `${head}: NOT RUN (the tests do not pass at the fix commit here)`, notRun: true };
  } finally {
    await rm(fixed, { recursive: true, force: true });
  }
  const root = await materialise(gitDir, c.parent);
  try {
    for (const t of c.tests) {
      await mkdir(path.dirname(path.join(root, t)), { recursive: true });
      await writeFile(path.join(root, t), git(gitDir, ['show', `${c.fix}:${t}`]).out);
    }
    await withVitest(root);
    const failing = runVitest(root, c.tests);
    if (failing.passed) return { row: `${head}: NOT RUN (the fix's tests pass at the parent here)`, notRun: true };
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 100_000 } });
    const diagnosis = (await diagnose({ error: failing.output }, ctx)).data as {
      category: string;
      location: { file: string; line: number } | null;
    };
    const loc = diagnosis.location;
    const inFile = loc?.file === c.file;
    const located = inFile && c.fixedLines.includes(loc!.line);
    const explained = diagnosis.category === c.category;
    const { ctx: fixCtx } = await createLocalContext({ root, limits: { maxToolCalls: 100_000 } });
    const outcome = await fix({ error: failing.output }, fixCtx).then(
      () => null,
      (e: { message: string }) => e,
    );
    const where = loc ? `${loc.file}:${loc.line}` : 'no location';
    const cat = `[${diagnosis.category}${explained ? '' : ` ≠ ${c.category}`}]`;
    const locNote = located ? ' located' : inFile ? ` in ${c.file} off the fixed lines (${where})` : ` located at ${where}`;
    if (outcome) {
      const reason = outcome.message.replace(/^debugging\.fix staged nothing: /, '').slice(0, 160);
      return { row: `${head} ${cat}${locNote}; refused: ${reason}`, located, inFile, explained, outcome: 'refused', reason };
    }
    const parentText = await readFile(path.join(root, c.file), 'utf8');
    const staged = fixCtx.workspace.changes().find((ch) => ch.path === c.file)?.after ?? parentText;
    const fixedText = git(gitDir, ['show', `${c.fix}:${c.file}`]).out.toString('utf8');
    const like = likeTheCommit(parentText, staged, fixedText);
    return {
      row: `${head} ${cat}${locNote}; ${like ? 'fixed (as the fix commit)' : 'WRONG FIX: changed unlike the fix commit'}`,
      located,
      inFile,
      explained,
      outcome: like ? 'fixed' : 'wrong',
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Import lines compared as sets of names; other lines trimmed. */
const norm = (line: string): string => {
  const m = /^import (type )?\{([^}]*)\} from (.+?);?$/.exec(line.trim());
  if (!m) return line.trim().replace(/;$/, '');
  const names = m[2]!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .sort();
  return `import ${m[1] ?? ''}{${names.join(',')}} from ${m[3]!.replace(/"/g, "'")}`;
};

function multiset(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of text.split('\n').map(norm).filter(Boolean)) out.set(l, (out.get(l) ?? 0) + 1);
  return out;
}

/** Whether the staged text changes the parent's file the way the fix commit does (as lines, order aside). */
export function likeTheCommit(parent: string, staged: string, fixed: string): boolean {
  const p = multiset(parent);
  const s = multiset(staged);
  const f = multiset(fixed);
  for (const [line, n] of s) if (n > (p.get(line) ?? 0) && n > (f.get(line) ?? 0)) return false; // added, not in the fix
  for (const [line, n] of p) if ((s.get(line) ?? 0) < n && (f.get(line) ?? 0) >= n) return false; // removed, kept by the fix
  return true;
}

export async function run(): Promise<void> {
  const manifest = JSON.parse(await readFile(MANIFEST, 'utf8')) as { cases: (RealBug | RealFailingTest)[] };
  // `REAL_BUGS_ONLY=id,id` runs those cases alone; `REAL_BUGS_KIND=test` (or `type`) one kind.
  const only = process.env.REAL_BUGS_ONLY?.split(',');
  if (only) manifest.cases = manifest.cases.filter((c) => only.includes(c.id));
  const kind = process.env.REAL_BUGS_KIND;
  const typeCases = manifest.cases.filter((c): c is RealBug => c.kind !== 'test' && kind !== 'test');
  const testCases = manifest.cases.filter((c): c is RealFailingTest => c.kind === 'test' && kind !== 'type');
  const tally = { total: 0, notRun: 0, reported: 0, located: 0, explained: 0, fixed: 0, refused: 0, wrong: 0 };
  const rows = { push: (row: string): void => console.log(row) };
  console.log(
    `debugging real bugs (git history of public TypeScript packages): ${typeCases.length} type errors, ${testCases.length} failing tests`,
  );
  const refusals = new Map<string, number>();
  for (const c of typeCases) {
    tally.total++;
    const gitDir = path.join(MIRROR, c.repo.replace('/', '+'), 'repo');
    const head = `  ${c.id} ${c.repo}@${c.fix.slice(0, 8)} ${c.file}:${c.line} TS${c.code}`;
    if (
      !existsSync(gitDir) ||
      !git(gitDir, ['cat-file', '-e', `${c.parent}^{commit}`]).ok ||
      !git(gitDir, ['cat-file', '-e', `${c.fix}^{commit}`]).ok
    ) {
      tally.notRun++;
      rows.push(`${head}: NOT RUN (no snapshot of ${c.repo} with these commits in ${MIRROR}; fetch it)`);
      continue;
    }
    const root = await materialise(gitDir, c.parent);
    try {
      const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 100_000 } });
      const check = (await typecheck({ tsconfig: [c.tsconfig] }, ctx)).data as { diagnostics: Diagnostic[] };
      const hit = check.diagnostics.find((d) => d.file === c.file && d.code === c.code && d.line === c.line);
      if (!hit) {
        rows.push(`${head}: not reported by debugging.typecheck`);
        continue;
      }
      tally.reported++;
      const located = c.fixedLines.includes(hit.line);
      if (located) tally.located++;
      const category = bestMatch(`error TS${hit.code}: ${hit.message}`)?.entry.category ?? 'none';
      if (category === c.category) tally.explained++;
      const { ctx: fixCtx } = await createLocalContext({ root, limits: { maxToolCalls: 100_000 } });
      const error = `${hit.file}(${hit.line},${hit.column}): error TS${hit.code}: ${hit.message.split('\n')[0]}`;
      const outcome = await fix({ error, tsconfig: [c.tsconfig] }, fixCtx).then(
        () => null,
        (e: { message: string }) => e,
      );
      let verdict: string;
      if (outcome) {
        tally.refused++;
        const reason = outcome.message
          .replace(/^debugging\.fix staged nothing: /, '')
          .replace(/^[^ ]+:\d+ TS\d+: /, '')
          .slice(0, 160);
        refusals.set(
          reason.replace(/"[^"]*"/g, '"…"').slice(0, 70),
          (refusals.get(reason.replace(/"[^"]*"/g, '"…"').slice(0, 70)) ?? 0) + 1,
        );
        verdict = `refused: ${reason}`;
      } else {
        const parentText = await readFile(path.join(root, c.file), 'utf8');
        const staged = fixCtx.workspace.changes().find((ch) => ch.path === c.file)?.after ?? parentText;
        const fixedText = git(gitDir, ['show', `${c.fix}:${c.file}`]).out.toString('utf8');
        if (likeTheCommit(parentText, staged, fixedText)) {
          tally.fixed++;
          verdict = 'fixed and verified (as the fix commit)';
        } else {
          tally.wrong++;
          verdict = `WRONG FIX: ${fixCtx.workspace
            .changes()
            .map((ch) => ch.path)
            .join(', ')} changed unlike the fix commit`;
        }
      }
      rows.push(
        `${head} [${category}${category === c.category ? '' : ` ≠ ${c.category}`}]${located ? ' located' : ' reported off the fixed lines'}; ${verdict}`,
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }
  const ran = tally.total - tally.notRun;
  if (typeCases.length > 0) console.log(`  type errors: ${tally.total} cases, ${ran} run, ${tally.notRun} not run`);
  if (typeCases.length > 0)
    console.log(
      `  reported by debugging.typecheck: ${tally.reported}/${ran}; located on a line the fix changed: ${tally.located}/${ran}; explained with the fix's category: ${tally.explained}/${ran}; fixed and verified (as the fix commit): ${tally.fixed}; refused with a reason: ${tally.refused}; wrong fixes offered: ${tally.wrong} (goal 0); not run: ${tally.notRun}`,
    );
  for (const [reason, n] of [...refusals].sort((a, b) => b[1] - a[1])) console.log(`  refused ${n}×: ${reason}`);
  if (testCases.length > 0) await runFailingTests(testCases);
}

async function runFailingTests(cases: RealFailingTest[]): Promise<void> {
  console.log(`debugging real bugs, failing tests (a fix commit that makes a test pass): ${cases.length} cases`);
  const t = { total: 0, notRun: 0, located: 0, inFile: 0, explained: 0, fixed: 0, refused: 0, wrong: 0 };
  const reasons = new Map<string, number>();
  for (const c of cases) {
    t.total++;
    const gitDir = path.join(MIRROR, c.repo.replace('/', '+'), 'repo');
    const head = `  ${c.id} ${c.repo}@${c.fix.slice(0, 8)} "${c.test.slice(0, 50)}" (fix in ${c.file}:${c.fixedLines[0]})`;
    if (
      !existsSync(gitDir) ||
      !git(gitDir, ['cat-file', '-e', `${c.parent}^{commit}`]).ok ||
      !git(gitDir, ['cat-file', '-e', `${c.fix}^{commit}`]).ok
    ) {
      t.notRun++;
      console.log(`${head}: NOT RUN (no snapshot of ${c.repo} with these commits in ${MIRROR}; fetch it)`);
      continue;
    }
    const v = await runFailingTest(c, gitDir, head);
    console.log(v.row);
    if (v.notRun) {
      t.notRun++;
      continue;
    }
    if (v.located) t.located++;
    if (v.inFile) t.inFile++;
    if (v.explained) t.explained++;
    if (v.outcome) t[v.outcome]++;
    if (v.reason) {
      const key = v.reason.replace(/\(.*$/, '').slice(0, 70);
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
  }
  const ran = t.total - t.notRun;
  console.log(`  ${t.total} cases, ${ran} run (failing at the parent, passing at the fix), ${t.notRun} not run`);
  console.log(
    `  located by debugging.diagnose on a line the fix changed: ${t.located}/${ran} (in the fixed file: ${t.inFile}/${ran}); explained with the judged category: ${t.explained}/${ran}; fixed and verified: ${t.fixed}; refused with a reason: ${t.refused}; wrong fixes offered: ${t.wrong} (goal 0); not run: ${t.notRun}`,
  );
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  refused ${n}×: ${reason}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
