/**
 * Real type errors from the git history of public TypeScript packages (BugsJS-style): each case in
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
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createLocalContext } from '../core/context/index.js';
import { run as typecheck } from '../capabilities/debugging/typecheck.js';
import { run as fix } from '../capabilities/debugging/fix.js';
import { bestMatch } from '../capabilities/debugging/explain/match-error.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const MANIFEST = path.resolve(here, '../../bench/debugging-real-bugs.json');
const OUR_TYPES = path.resolve(here, '../../node_modules/@types');
const MIRROR = process.env.REAL_BUGS_MIRROR ?? '/work/.mirror';

export interface RealBug {
  id: string;
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
  const manifest = JSON.parse(await readFile(MANIFEST, 'utf8')) as { cases: RealBug[] };
  // `REAL_BUGS_ONLY=id,id` runs those cases alone.
  const only = process.env.REAL_BUGS_ONLY?.split(',');
  if (only) manifest.cases = manifest.cases.filter((c) => only.includes(c.id));
  const tally = { total: 0, notRun: 0, reported: 0, located: 0, explained: 0, fixed: 0, refused: 0, wrong: 0 };
  const rows = { push: (row: string): void => console.log(row) };
  console.log(`debugging real bugs (git history of public TypeScript packages): ${manifest.cases.length} cases`);
  const refusals = new Map<string, number>();
  for (const c of manifest.cases) {
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
  console.log(`  ${tally.total} cases, ${ran} run, ${tally.notRun} not run`);
  console.log(
    `  reported by debugging.typecheck: ${tally.reported}/${ran}; located on a line the fix changed: ${tally.located}/${ran}; explained with the fix's category: ${tally.explained}/${ran}; fixed and verified (as the fix commit): ${tally.fixed}; refused with a reason: ${tally.refused}; wrong fixes offered: ${tally.wrong} (goal 0); not run: ${tally.notRun}`,
  );
  for (const [reason, n] of [...refusals].sort((a, b) => b[1] - a[1])) console.log(`  refused ${n}×: ${reason}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
