/**
 * testing.e2e: end-to-end tests of a web app's pages in Chromium, no language model. How the app is
 * served (its `node <entry>` start script with PORT, or its static folder) and where to start come
 * from its files (e2e/find-app.ts); the pages are crawled in the sandbox with playwright-core and the
 * machine's Chromium in three separate runs (e2e/probe-pages.ts) — title, headings, visible texts,
 * each link clicked, each form filled in and sent; what was the same in every run becomes one test
 * each (e2e/cases.ts, render-tests.ts) in the project's runner, staged only when its tests pass three
 * runs; tests that do not pass every time are dropped. Needs the project-code permission.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AgentdError,
  TEST_RUNNER_NAMES,
  RUN_IN,
  applyChangesToCopy,
  copyWorkspaceTree,
  removeWorkspaceTree,
  type CapabilityContext,
  type CapabilityMeta,
  type JSONSchema,
  type StepResult,
  type TestRunnerName,
} from '../../core/index.js';
import { runRepeatedly } from './run/repeat-runs.js';
import { testScriptOf } from './run/execute-tests.js';
import { casesOf, type E2eCase } from './e2e/cases.js';
import { planApp, type ServerSpec } from './e2e/find-app.js';
import type { PageObs, PageProbe } from './e2e/probe-pages.js';
import { renderE2eTests } from './e2e/render-tests.js';
import { PLANNING } from './e2e/planning.js';

const RUNS = 3;
const MARKER = '@@agentd-probe@@';
const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'e2e', 'probe-pages.js');
/** Debian's and other distributions' Chromium; a browser is never downloaded. */
const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
/** The packages a test can import `chromium` from, in order of preference. */
const PLAYWRIGHT_PACKAGES = ['playwright-core', 'playwright', '@playwright/test'];
const TEST_FILE = /(^|\/)(test|tests|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$/;
const NOT_SOURCE = /(^|\/)(coverage|fixtures|node_modules)\/|(^|\/)\./;
const DEFAULT_MAX_PAGES = 10;

interface E2eInput {
  pages?: string[];
  runner?: TestRunnerName;
  maxPages?: number;
  timeoutMs?: number;
}

export const meta: CapabilityMeta = {
  id: 'testing.e2e',
  group: 'testing',
  title: 'End-to-end tests',
  description:
    "Generates end-to-end tests of a web app's pages with playwright-core in headless Chromium: the app served by its start script or its static folder, pages crawled from / over their links, title, headings, visible text, links clicked and forms filled in and sent, observed in three runs, and the file kept only when its tests pass three runs of the project's runner.",
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    properties: {
      pages: { type: 'array', items: { type: 'string', pattern: '^/', maxLength: 500 }, minItems: 1, maxItems: 50 },
      runner: { enum: [...TEST_RUNNER_NAMES] },
      maxPages: { type: 'integer', minimum: 1, maximum: 50 },
      timeoutMs: { type: 'integer', minimum: 1000, maximum: 3_600_000 },
    },
    additionalProperties: false,
  } satisfies JSONSchema,
  writes: true,
  projectCode: {
    runs: "the project's server (its start script) with Chromium driving its pages, and the generated tests in the project's runner",
    without: 'generates nothing; how the app would be served and the pages it would start from are reported as not run',
  },
  planning: PLANNING,
};

const describeServer = (s: ServerSpec): string =>
  s.kind === 'static'
    ? `its static folder ${s.dir === '.' ? '(the root)' : `${s.dir}/`}`
    : `its "${s.script}" script (node ${[s.entry, ...s.args].join(' ')})`;

export async function run(input: E2eInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const all = await ctx.workspace.list({ extensions: ['.js', '.mjs', '.cjs', '.html'] });
  const files = all.filter((f) => !NOT_SOURCE.test(f) && !(TEST_FILE.test(f) && !f.endsWith('.html')));
  const scripts = (await ctx.workspace.exists('package.json'))
    ? ((JSON.parse(await ctx.workspace.read('package.json')) as { scripts?: Record<string, string> }).scripts ?? {})
    : null;
  const plan = await planApp({ scripts, files, read: (f) => ctx.workspace.read(f) });
  const server = plan.server;
  const seeds = options.pages ?? plan.seeds;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const chromium = CHROMIUM_PATHS.find((p) => existsSync(p));
  const playwright = PLAYWRIGHT_PACKAGES.find((p) => existsSync(path.join(ctx.workspace.root, 'node_modules', p, 'package.json')));
  const missing = [
    ...(playwright
      ? []
      : ["playwright-core (or playwright) in the project's node_modules — install it with PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1"]),
    ...(chromium ? [] : [`a Chromium executable (${CHROMIUM_PATHS.join(' or ')}; agentd never downloads a browser)`]),
  ];
  if (!ctx.permissions.projectCode) {
    // Nothing starts without the permission; what was found, or why nothing could serve the app, is said.
    const how = server
      ? `starts the app (${describeServer(server)}) and drives its pages in Chromium, which runs the project's code; allow project code for this workspace to generate them.`
      : `would start the app and drive its pages in Chromium, which runs the project's code (allow project code for this workspace), but found no way to serve it either: ${plan.reasons.join('; ')}.`;
    return {
      summary: `No tests were generated: testing.e2e ${how}${missing.length > 0 ? ` Also missing: ${missing.join('; ')}.` : ''}`,
      data: { server, seeds, generated: false, projectCode: false },
      notRun: [
        { part: 'generation', reason: "project code not allowed (the project's server is started and its pages opened in Chromium)" },
      ],
    };
  }
  if (!server) throw new AgentdError('testing_refused', `No way to serve the app's pages was found: ${plan.reasons.join('; ')}.`);
  if (missing.length > 0)
    throw new AgentdError('no_test_runner', `End-to-end tests need ${missing.join(' and ')}; nothing was installed or generated.`);

  ctx.progress(10, `serving the app with ${describeServer(server)}`);
  const tree = await copyWorkspaceTree(ctx.workspace.root, 'e2e-probe');
  const runs: PageObs[][] = [];
  try {
    await applyChangesToCopy(tree, ctx.workspace.changes());
    for (let i = 0; i < RUNS; i += 1) {
      ctx.progress(10 + i * 15, `crawling the pages in Chromium (run ${i + 1} of ${RUNS})`);
      runs.push(
        await probe(ctx, tree, { root: tree, server, seeds, maxPages, chromium: chromium!, playwright: playwright! }, options.timeoutMs),
      );
    }
  } finally {
    await removeWorkspaceTree(tree);
  }
  const { cases: found, skipped } = casesOf(runs);
  if (found.length === 0)
    throw new AgentdError(
      'test_run_failed',
      `No end-to-end test could be generated for the app served by ${describeServer(server)}: ${skipped.map((s) => `${s.what} (${s.reason})`).join('; ') || 'no page answered'}.`,
    );

  const runner: TestRunnerName = options.runner ?? (ctx.project.testRunner === 'none' ? 'node:test' : ctx.project.testRunner);
  const script = await testScriptOf(ctx);
  const addsScript = runner === 'node:test' && !script;
  if (addsScript) await addTestScript(ctx);
  const existingTests = all.filter((f) => TEST_FILE.test(f) && !NOT_SOURCE.test(f) && !f.endsWith('.html'));
  const testDir = existingTests.length > 0 ? path.posix.dirname(existingTests[0]!) : 'test';
  const esm = ctx.project.moduleSystem === 'esm';
  const testFile = `${testDir}/pages.e2e.generated.test.js`;
  if (await ctx.workspace.exists(testFile))
    throw new AgentdError('generation_refused', `${testFile} already exists; it is not overwritten.`);
  let kept: E2eCase[] = found;
  const write = async (): Promise<void> => {
    const source = renderE2eTests({ runner, esm, testPath: testFile, server, chromium: chromium!, playwright: playwright!, cases: kept });
    await ctx.workspace.write(testFile, await ctx.tools.format(testFile, source));
  };
  await write();
  let runsSummary: { passed: number; failed: number }[] = [];
  const dropped: string[] = [];
  for (let round = 0; round < 2; round += 1) {
    const repeated = await runRepeatedly(ctx, testFile, {
      times: RUNS,
      timeoutMs: options.timeoutMs ?? 300_000,
      beforeRun: (i) => ctx.progress(55 + round * 20 + i * 6, `running the generated tests (run ${i + 1} of ${RUNS})`),
      whenNotRun: 'nothing was staged',
    }).catch(async (error: unknown) => {
      await ctx.workspace.delete(testFile);
      throw error;
    });
    runsSummary = repeated.runs;
    if (repeated.failing.size === 0) break;
    dropped.push(...repeated.failing);
    kept = kept.filter((c) => !repeated.failing.has(c.title));
    if (kept.length === 0 || round === 1) {
      await ctx.workspace.delete(testFile);
      throw new AgentdError(
        'test_run_failed',
        `The generated end-to-end tests did not pass ${RUNS} runs of ${runner}: ${[...repeated.failing].join('; ')}.`,
      );
    }
    await write();
  }
  const count = (kind: E2eCase['kind']): number => kept.filter((c) => c.kind === kind).length;
  const skippedText = skipped.length > 0 ? ` Not tested: ${skipped.map((s) => `${s.what} (${s.reason})`).join('; ')}.` : '';
  const droppedText = dropped.length > 0 ? ` Dropped (did not pass every run): ${dropped.join('; ')}.` : '';
  return {
    summary: `Generated ${kept.length} end-to-end test(s) in ${testFile} for ${runner} — ${count('page')} page(s), ${count('link')} link(s), ${count('form')} form(s) — against the app served by ${describeServer(server)} in ${chromium}; every one passed ${RUNS} runs of the project's runner.${skippedText}${droppedText}${addsScript ? ' Added a "test" script (node --test), as the project had no runner.' : ''}`,
    data: {
      runner,
      server,
      chromium,
      playwright,
      testFile,
      seeds: seeds.map((s) => ({ path: s, from: plan.seedSources[s] ?? 'input' })),
      tests: kept.map((c) => ({ kind: c.kind, title: c.title })),
      skipped,
      dropped,
      runs: runsSummary,
    },
  };
}

async function probe(ctx: CapabilityContext, tree: string, request: PageProbe, timeoutMs: number | undefined): Promise<PageObs[]> {
  const result = await ctx.tools.runCommand(process.execPath, [RUN_IN, tree, process.execPath, PROBE], {
    stdin: JSON.stringify(request),
    readOnlyWorkspace: true,
    timeoutMs: timeoutMs ?? 120_000,
  });
  const at = result.stdout.lastIndexOf(MARKER);
  if (at < 0)
    throw new AgentdError(
      'test_run_failed',
      `Serving the app and opening its pages in Chromium failed (exit code ${result.exitCode}): ${result.stderr.split('\n').filter(Boolean).slice(0, 6).join(' | ').slice(0, 800)}`,
    );
  return JSON.parse(result.stdout.slice(at + MARKER.length).trim()) as PageObs[];
}

async function addTestScript(ctx: CapabilityContext): Promise<void> {
  if (!(await ctx.workspace.exists('package.json'))) {
    await ctx.workspace.write('package.json', `${JSON.stringify({ private: true, scripts: { test: 'node --test' } }, null, 2)}\n`);
    return;
  }
  const pkg = JSON.parse(await ctx.workspace.read('package.json')) as { scripts?: Record<string, string> };
  pkg.scripts = { ...(pkg.scripts ?? {}), test: 'node --test' };
  await ctx.workspace.write('package.json', `${JSON.stringify(pkg, null, 2)}\n`);
}
