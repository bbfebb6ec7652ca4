/**
 * testing.coverage: runs the project's tests (testing.run's invocation) under c8 in the sandbox and
 * reports V8 coverage per file, function and branch — the numbers c8 itself reports for that run —
 * with the functions no test called and the branches no test took, the text table and an HTML page,
 * and lcov and istanbul JSON as artifacts. Without the project-code permission nothing runs (notRun).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AgentdError,
  c8Bin,
  totalsOf as testTotals,
  type CapabilityContext,
  type CapabilityMeta,
  type StepResult,
  type TestFilters,
} from '../../core/index.js';
import { coverageHtml } from './coverage/coverage-html.js';
import { coverageTable, fileCoverage, totalsOf, type FileCoverage, type IstanbulFile } from './coverage/istanbul-coverage.js';
import { INPUT_SCHEMA, type CoverageInput } from './coverage/options.js';
import { DEFAULT_TIMEOUT_MS } from './run/options.js';
import { executeTests } from './run/execute-tests.js';
import { PLANNING } from './coverage/planning.js';

export const REPORT_DIR = '.agentd-coverage';
/** Files listed with their uncovered functions and branches (the totals count all). */
const MAX_FILES = 500;

export const meta: CapabilityMeta = {
  id: 'testing.coverage',
  group: 'testing',
  title: 'Test coverage',
  description:
    "Runs the project's tests under c8 (V8 coverage) in the sandbox and reports line, statement, function and branch coverage per file as c8 computes it, the functions and branches no test reaches, a text table, and lcov and JSON reports.",
  version: '1.0.0',
  inputSchema: INPUT_SCHEMA,
  writes: false,
  projectCode: {
    runs: "the project's tests under c8",
    without: 'lists the test files and the command it would run; coverage is reported as not measured',
  },
  planning: PLANNING,
  execution: { composes: ['testing.run'] },
};

/** c8's options: istanbul JSON for the numbers, lcov for other tools, every source file (--all) unless asked not to. */
export function c8Args(tree: string, all: boolean): string[] {
  const dir = path.join(tree, REPORT_DIR);
  return [
    '--reporter=json',
    '--reporter=lcovonly',
    `--report-dir=${dir}`,
    `--temp-directory=${path.join(dir, 'tmp')}`,
    ...(all ? ['--all'] : []),
  ];
}

export async function run(input: CoverageInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const filters: TestFilters = { files: options.files, title: options.title };
  if (!ctx.permissions.projectCode) {
    // testing.run says which files and command it would run, and marks the tests not run.
    const refused = await ctx.invoke('testing.run', {
      ...(options.files ? { files: options.files } : {}),
      ...(options.title ? { title: options.title } : {}),
    });
    return {
      ...refused,
      summary: refused.summary
        .replace('The tests were NOT run', 'Coverage was NOT measured (the tests were not run)')
        .replace('testing.run would run', 'testing.coverage would run c8 with'),
    };
  }
  const all = options.all ?? true;
  const { run: ran, extra } = await executeTests(
    ctx,
    filters,
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    (inv, tree) => ({ program: process.execPath, args: [c8Bin(), ...c8Args(tree, all), inv.program, ...inv.args] }),
    async (tree) => ({
      json: await readFile(path.join(tree, REPORT_DIR, 'coverage-final.json'), 'utf8').catch(() => null),
      lcov: await readFile(path.join(tree, REPORT_DIR, 'lcov.info'), 'utf8').catch(() => null),
      tree,
    }),
  );
  if (extra.json === null) {
    throw new AgentdError(
      'test_run_failed',
      `c8 wrote no coverage report for "${ran.invocation.label}" (exit code ${ran.command.exitCode}). Last output: ${ran.outputTail.split('\n').slice(-8).join(' | ').slice(0, 1500)}`,
    );
  }
  const raw = JSON.parse(extra.json) as Record<string, IstanbulFile>;
  const files = Object.values(raw)
    .map((f) => fileCoverage(f, extra.tree))
    .sort((a, b) => a.file.localeCompare(b.file));
  const totals = totalsOf(files);
  const table = coverageTable(files, totals);
  const tests = ran.tests ? testTotals(ran.tests) : null;
  const relativeJson = JSON.stringify(
    Object.fromEntries(
      Object.entries(raw).map(([file, data]) => {
        const rel = path.relative(extra.tree, file).split(path.sep).join('/');
        return [rel, { ...data, path: rel }];
      }),
    ),
  );
  const lcov = (extra.lcov ?? '')
    .split('\n')
    .map((line) =>
      line.startsWith('SF:') && path.isAbsolute(line.slice(3))
        ? `SF:${path.relative(extra.tree, line.slice(3)).split(path.sep).join('/')}`
        : line,
    )
    .join('\n');
  const testState = tests
    ? ` Tests: ${tests.passed} passed, ${tests.failed} failed${tests.skipped ? `, ${tests.skipped} skipped` : ''}.`
    : ran.command.exitCode === 0
      ? ' The tests passed.'
      : ` The tests FAILED (exit code ${ran.command.exitCode}).`;
  return {
    summary: `Coverage of ${files.length} file(s) under ${ran.invocation.label}: statements ${totals.statements.pct}%, branches ${totals.branches.pct}%, functions ${totals.functions.pct}%, lines ${totals.lines.pct}%.${testState}${weakest(files)}`,
    data: {
      runner: ran.invocation.runner,
      command: ran.invocation.label,
      tool: 'c8 12.0.0',
      all,
      totals,
      files: files.slice(0, MAX_FILES),
      tests,
      exitCode: ran.command.exitCode,
      commandMs: ran.command.durationMs,
      totalMs: ran.totalMs,
      table,
    },
    artifacts: [
      { name: 'coverage.txt', mediaType: 'text/plain', content: `${table}\n` },
      { name: 'coverage.html', mediaType: 'text/html', content: coverageHtml(`Coverage under ${ran.invocation.label}`, files, totals) },
      { name: 'lcov.info', mediaType: 'text/plain', content: lcov },
      { name: 'coverage-final.json', mediaType: 'application/json', content: relativeJson },
    ],
  };
}

function weakest(files: FileCoverage[]): string {
  const low = files
    .filter((f) => f.statements.pct < 100)
    .sort((a, b) => a.statements.pct - b.statements.pct)
    .slice(0, 3);
  return low.length === 0
    ? ' Every statement is covered.'
    : ` Least covered: ${low.map((f) => `${f.file} (${f.statements.pct}%)`).join(', ')}.`;
}
