/**
 * testing.gaps: the exported functions no test reaches and the branches of the others no test takes,
 * ranked by risk = complexity × (1 + commits that touched the file). Coverage comes from an earlier
 * testing.coverage step of the job or from running it (project-code permission); the import graph
 * says which test files import each file. Without the permission (and no earlier coverage) it lists the
 * exports of files no test imports — a static approximation, said so — and reports coverage as not run.
 * Each gap carries the testing.unit input that would generate the missing test.
 */
import {
  TEST_FILE_PATTERN,
  type CapabilityContext,
  type CapabilityMeta,
  type Finding,
  type JSONSchema,
  type StepResult,
} from '../../core/index.js';
import type { FileCoverage } from './coverage/istanbul-coverage.js';
import { churnOf } from './gaps/churn.js';
import { exportedFunctions, type ExportedFunction } from './gaps/exported-functions.js';
import { testImports } from './gaps/test-imports.js';
import { PLANNING } from './gaps/planning.js';

const DEFAULT_LIMIT = 50;
const TEST_FILE = TEST_FILE_PATTERN;
const NOT_SOURCE = /(^|\/)(coverage|dist|build|fixtures)\/|(^|\/)\.|\.config\.[cm]?[jt]s$|\.d\.ts$/;
const EXTENSIONS = ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.jsx', '.tsx'];

interface GapsInput {
  limit?: number;
  timeoutMs?: number;
}

export const meta: CapabilityMeta = {
  id: 'testing.gaps',
  group: 'testing',
  title: 'Test gaps',
  description:
    'Lists the exported functions no test reaches and the branches no test takes (from V8 coverage and the import graph), ranked by risk = complexity × change frequency from git history, each with the testing.unit input that would generate the missing test.',
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: 1000 },
      timeoutMs: { type: 'integer', minimum: 1000, maximum: 3_600_000 },
    },
    additionalProperties: false,
  } satisfies JSONSchema,
  writes: false,
  projectCode: {
    runs: "the project's tests under c8 (testing.coverage) and git log",
    without: 'lists the exports of files no test file imports (static, without coverage); coverage is reported as not run',
  },
  planning: PLANNING,
  execution: { composes: ['testing.coverage'] },
};

export interface Gap {
  file: string;
  name: string;
  line: number;
  kind: 'untested-export' | 'uncovered-branches';
  /** Branches of the function no test took (kind uncovered-branches), with their lines. */
  uncoveredBranches?: number[];
  complexity: number;
  commits: number;
  risk: number;
  testedBy: string[];
  generate: { capability: 'testing.unit'; input: { include: string[]; symbol: string } };
}

function previousCoverage(ctx: CapabilityContext): FileCoverage[] | null {
  for (const result of [...ctx.previous].reverse()) {
    const files = (result.data as { files?: unknown; tool?: unknown } | undefined)?.files;
    if ((result.data as { tool?: unknown } | undefined)?.tool && Array.isArray(files)) return files as FileCoverage[];
  }
  return null;
}

export async function run(input: GapsInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const limit = options.limit ?? DEFAULT_LIMIT;
  let coverage = previousCoverage(ctx);
  let notRun: StepResult['notRun'];
  if (!coverage && ctx.permissions.projectCode) {
    ctx.progress(5, 'measuring coverage');
    coverage = (
      (await ctx.invoke('testing.coverage', options.timeoutMs ? { timeoutMs: options.timeoutMs } : {})).data as { files: FileCoverage[] }
    ).files;
  } else if (!coverage) {
    notRun = [
      {
        part: 'coverage',
        reason:
          "project code not allowed (measuring coverage runs the project's tests); the gaps are exports of files no test file imports, without coverage",
      },
    ];
  }
  ctx.progress(60, 'reading exports and test imports');
  const all = await ctx.workspace.list({ extensions: EXTENSIONS });
  const tests = all.filter((f) => TEST_FILE.test(f));
  const sources = all.filter((f) => !TEST_FILE.test(f) && !NOT_SOURCE.test(f));
  const imports = testImports((await ctx.workspace.readMany(tests)).files, sources);
  const parsed = await ctx.tools.parseMany(sources);
  const churn = ctx.permissions.projectCode
    ? await churnOf(ctx)
    : { commits: null, note: 'change frequency needs git log, which runs only with the project-code permission' };
  const byFile = new Map((coverage ?? []).map((f) => [f.file, f]));
  const gaps: Gap[] = [];
  for (const file of parsed.files) {
    const commits = churn.commits?.get(file.path) ?? 0;
    const testedBy = imports.get(file.path) ?? [];
    for (const fn of exportedFunctions(file.tree)) {
      const gap = gapOf(file.path, fn, coverage ? (byFile.get(file.path) ?? null) : undefined, testedBy, commits);
      if (gap) gaps.push(gap);
    }
  }
  gaps.sort((a, b) => b.risk - a.risk || a.file.localeCompare(b.file) || a.line - b.line);
  const listed = gaps.slice(0, limit);
  const untested = gaps.filter((g) => g.kind === 'untested-export').length;
  const basis = coverage ? 'V8 coverage' : 'the import graph only (coverage not measured)';
  const top = listed
    .slice(0, 3)
    .map((g) => `${g.name} in ${g.file}:${g.line} (risk ${g.risk})`)
    .join(', ');
  return {
    summary: `${untested} exported function(s) no test reaches and ${gaps.length - untested} with branches no test takes, from ${basis}, ranked by complexity × change frequency${top ? `; riskiest: ${top}` : ''}.${churn.note ? ` Note: ${churn.note}.` : ''}`,
    findings: listed.map(findingOf),
    data: {
      basis: coverage ? 'coverage' : 'imports',
      gaps: listed,
      total: gaps.length,
      untestedExports: untested,
      churnCounted: churn.commits !== null,
      skipped: parsed.skipped.map((s) => s.path),
    },
    ...(notRun ? { notRun } : {}),
  };
}

/** `coverage`: the file's coverage; null when coverage was measured but the file is not in it; undefined without coverage. */
function gapOf(
  file: string,
  fn: ExportedFunction,
  coverage: FileCoverage | null | undefined,
  testedBy: string[],
  commits: number,
): Gap | null {
  const base = {
    file,
    name: fn.name,
    line: fn.startLine,
    complexity: fn.complexity,
    commits,
    testedBy,
    generate: { capability: 'testing.unit' as const, input: { include: [file], symbol: fn.name } },
  };
  const risk = (weight: number): number => Math.round(weight * (1 + commits) * 100) / 100;
  if (coverage === undefined) return testedBy.length === 0 ? { ...base, kind: 'untested-export', risk: risk(fn.complexity) } : null;
  const notCalled =
    coverage === null ||
    coverage.statements.covered === 0 ||
    coverage.uncoveredFunctions.some(
      (u) => u.line === fn.startLine && (u.name === fn.name || u.name === '' || u.name === '(anonymous)' || fn.name === 'default'),
    );
  if (notCalled) return { ...base, kind: 'untested-export', risk: risk(fn.complexity) };
  const branches = coverage.uncoveredBranches.filter((b) => b.line >= fn.startLine && b.line <= fn.endLine).map((b) => b.line);
  if (branches.length === 0) return null;
  // Half the weight of an untested function per branch left, capped at the function's complexity.
  return { ...base, kind: 'uncovered-branches', uncoveredBranches: branches, risk: risk(Math.min(fn.complexity, branches.length) / 2) };
}

function findingOf(gap: Gap): Finding {
  const message =
    gap.kind === 'untested-export'
      ? `Exported function ${gap.name} is not reached by any test (complexity ${gap.complexity}, ${gap.commits} commit(s)); generate one with testing.unit ${JSON.stringify(gap.generate.input)}.`
      : `Exported function ${gap.name} has ${gap.uncoveredBranches!.length} branch(es) no test takes (lines ${[...new Set(gap.uncoveredBranches)].join(', ')}).`;
  return {
    ruleId: `testing/${gap.kind}`,
    severity: gap.kind === 'untested-export' ? 'medium' : 'low',
    message,
    file: gap.file,
    range: { startLine: gap.line, startColumn: 1, endLine: gap.line, endColumn: 1 },
    data: { risk: gap.risk, complexity: gap.complexity, commits: gap.commits, generate: gap.generate },
  };
}
