/**
 * testing.integration: HTTP tests of the project's Express and Fastify routes, no language model.
 * The routes, the module exporting the app and the bodies the routes check come from the source
 * (core/http-routes: find-routes.ts, bodies.ts); the app is started in the sandbox on an ephemeral port and each
 * request made in three separate runs (integration/probe-http.ts); requests answered the same way every
 * time are kept — a valid one answered below 400, an invalid one answered 4xx — and written as one
 * test each in the project's runner and module system (Node's fetch against `app.listen(0)`), staged,
 * and run three times in the project's own runner; tests that do not pass every time are dropped.
 * Needs the project-code permission (starting the app runs it); without it nothing is generated (notRun).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import {
  AgentdError,
  TEST_RUNNER_NAMES,
  RUN_IN,
  applyChangesToCopy,
  copyWorkspaceTree,
  removeWorkspaceTree,
  scanRoutes,
  type AppModule,
  type RouteFact,
  type CapabilityContext,
  type CapabilityMeta,
  type JSONSchema,
  type StepResult,
  type TestRunnerName,
} from '../../core/index.js';
import { runRepeatedly } from './run/repeat-runs.js';
import { testScriptOf } from './run/execute-tests.js';
import type { Answer } from './integration/probe-http.js';
import { renderHttpTests, type HttpCase } from './integration/render-tests.js';
import { PLANNING } from './integration/planning.js';

const RUNS = 3;
const MARKER = '@@agentd-probe@@';
const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'integration', 'probe-http.js');
const TEST_FILE = /(^|\/)(test|tests|__tests__|spec)\/|\.(test|spec)\.[cm]?[jt]sx?$/;
const NOT_SOURCE = /(^|\/)(coverage|dist|build|fixtures|node_modules)\/|(^|\/)\.|\.config\.[cm]?[jt]s$/;
const DEFAULT_MAX_ROUTES = 30;
const METHOD_ORDER = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'];
/** Values that differ between runs although equal in three (a clock read to the second): asserted by shape. */
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

interface IntegrationInput {
  include?: string[];
  app?: string;
  runner?: TestRunnerName;
  maxRoutes?: number;
  timeoutMs?: number;
}

export const meta: CapabilityMeta = {
  id: 'testing.integration',
  group: 'testing',
  title: 'Integration tests',
  description:
    "Generates HTTP tests of the project's Express and Fastify routes in its own runner: requests with valid and invalid input (from the route's zod, Joi or JSON schema, or its own checks) against the app started on an ephemeral port, status, headers and body observed in three runs, and the file kept only when its tests pass three runs of the project's runner.",
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    properties: {
      include: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, maxItems: 20 },
      app: { type: 'string', minLength: 1, maxLength: 500 },
      runner: { enum: [...TEST_RUNNER_NAMES] },
      maxRoutes: { type: 'integer', minimum: 1, maximum: 100 },
      timeoutMs: { type: 'integer', minimum: 1000, maximum: 3_600_000 },
    },
    additionalProperties: false,
  } satisfies JSONSchema,
  writes: true,
  projectCode: {
    runs: "the project's app (started on an ephemeral port to observe its answers) and the generated tests in the project's runner",
    without: 'generates nothing; the routes found and the requests it would make are reported as not run',
  },
  planning: PLANNING,
};

interface Request {
  route: RouteFact;
  kind: 'valid' | 'invalid-body' | 'invalid-param';
  method: string;
  path: string;
  body?: unknown;
}

export async function run(input: IntegrationInput, ctx: CapabilityContext): Promise<StepResult> {
  const options = input ?? {};
  const all = await ctx.workspace.list({ extensions: ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'] });
  const sources = all.filter((f) => !TEST_FILE.test(f) && !NOT_SOURCE.test(f));
  const jsSources = sources.filter((f) => /\.[cm]?js$/.test(f));
  const parsed = await ctx.tools.parseMany(jsSources);
  const scan = scanRoutes(
    parsed.files.map((f) => ({ path: f.path, tree: f.tree })),
    jsSources,
  );
  const tsSources = sources.filter((f) => !/\.[cm]?js$/.test(f));
  if (scan.routes.length === 0 && tsSources.length > 0) {
    // A TypeScript app (a plan's test step after generation.api-route wrote TypeScript routes): not run, said so.
    return {
      summary: `No tests were generated: the project's HTTP routes are in TypeScript modules (${tsSources.length}), and testing.integration reads and starts JavaScript apps only so far (docs/testing.md).`,
      data: { generated: false, typescriptModules: tsSources.length },
      notRun: [{ part: 'generation', reason: 'TypeScript apps are not read or started yet (JavaScript Express/Fastify apps only)' }],
    };
  }
  if (scan.routes.length === 0)
    throw new AgentdError(
      'testing_refused',
      `No HTTP routes found: looked for Express and Fastify route calls (app.get('/…'), router.post('/…'), fastify.post('/…', { schema }, …)) reachable from an app built with express() or Fastify() in ${jsSources.length} JavaScript module(s).`,
    );
  let apps = scan.apps;
  if (options.app) {
    apps = apps.filter((a) => a.file === options.app);
    if (apps.length === 0) {
      const why = scan.unusable.find((u) => u.file === options.app);
      if (why) throw new AgentdError('testing_refused', `The app in ${why.file} cannot be started by a test: ${why.reason}.`);
      throw new AgentdError(
        'invalid_input',
        `app: ${options.app} does not build an Express or Fastify app (found: ${scan.apps.map((a) => a.file).join(', ') || 'none'}).`,
      );
    }
  }
  const app = apps[0];
  if (!app)
    throw new AgentdError(
      'testing_refused',
      `Found ${scan.routes.length} HTTP route(s) but no app a test can start: ${scan.unusable.map((u) => u.reason).join('; ') || 'no module builds one with express() or Fastify()'}.`,
    );
  let routes = scan.routes.filter((r) => r.framework === app.framework);
  if (options.include) {
    const chosen = new Set(await ctx.workspace.list({ include: options.include }));
    routes = routes.filter((r) => chosen.has(r.file));
    if (routes.length === 0)
      throw new AgentdError(
        'invalid_input',
        `include: No HTTP route is declared in ${JSON.stringify(options.include)} (routes are in ${[...new Set(scan.routes.map((r) => r.file))].join(', ')}).`,
      );
  }
  const skipped: { route: string; reason: string }[] = [];
  const usable: RouteFact[] = [];
  for (const r of routes) {
    if (/[*?(){}]/.test(r.path))
      skipped.push({ route: label(r), reason: 'a wildcard, optional or pattern path segment (no request is made up for it)' });
    else if (usable.length >= (options.maxRoutes ?? DEFAULT_MAX_ROUTES))
      skipped.push({ route: label(r), reason: `over maxRoutes (${options.maxRoutes ?? DEFAULT_MAX_ROUTES})` });
    else usable.push(r);
  }
  const requests = requestsFor(usable);
  if (!ctx.permissions.projectCode) {
    return {
      summary: `No tests were generated: testing.integration starts the app of ${app.file} to observe its ${usable.length} route(s), which is the project's code; allow project code for this workspace to generate them.`,
      data: {
        app: app.file,
        routes: usable.map(label),
        requests: requests.map((r) => `${r.method} ${r.path}`),
        generated: false,
        projectCode: false,
      },
      notRun: [{ part: 'generation', reason: "project code not allowed (the project's app is started to observe its answers)" }],
    };
  }

  ctx.progress(10, `starting the app of ${app.file}`);
  // In a copy with the staged changes: routes an earlier step of the plan wrote are there.
  const tree = await copyWorkspaceTree(ctx.workspace.root, 'http-probe');
  const runs: Answer[][] = [];
  try {
    await applyChangesToCopy(tree, ctx.workspace.changes());
    for (let i = 0; i < RUNS; i += 1) runs.push(await probe(ctx, tree, app, requests, options.timeoutMs));
  } finally {
    await removeWorkspaceTree(tree);
  }
  const unreachable = runs[0]!.find((a) => a.error);
  if (unreachable && runs[0]!.every((a) => a.error))
    throw new AgentdError('test_run_failed', `The app of ${app.file} started but answered no request: ${unreachable.error}.`);
  const cases: (HttpCase & { route: string })[] = [];
  const reached = new Set<RouteFact>();
  requests.forEach((request, i) => {
    const answers = runs.map((r) => r[i]!);
    // An invalid request proves something only on a route its valid request reached (a 404 of an unmatched path is not a refusal).
    const outcome =
      request.kind !== 'valid' && !reached.has(request.route)
        ? "its valid request got no test, so a refusal would not be the route's"
        : caseOf(request, answers);
    if (request.kind === 'valid' && typeof outcome !== 'string') reached.add(request.route);
    if (typeof outcome === 'string') skipped.push({ route: label(request.route), reason: `${describe(request)}: ${outcome}` });
    else cases.push({ ...outcome, route: label(request.route) });
  });
  if (cases.length === 0)
    throw new AgentdError(
      'test_run_failed',
      `No HTTP test could be generated for the app of ${app.file}: ${skipped.map((s) => `${s.route} (${s.reason})`).join('; ')}.`,
    );

  const runner: TestRunnerName = options.runner ?? (ctx.project.testRunner === 'none' ? 'node:test' : ctx.project.testRunner);
  const script = await testScriptOf(ctx);
  const addsScript = runner === 'node:test' && !script;
  if (addsScript) await addTestScript(ctx);
  const existingTests = all.filter((f) => TEST_FILE.test(f) && !NOT_SOURCE.test(f));
  const testDir = existingTests.length > 0 ? path.posix.dirname(existingTests[0]!) : 'test';
  const esm = ctx.project.moduleSystem === 'esm' || app.file.endsWith('.mjs');
  const testFile = `${testDir}/${path.posix.basename(app.file).replace(/\.[cm]?js$/, '')}.http.generated.test.${esm && ctx.project.moduleSystem !== 'esm' ? 'mjs' : 'js'}`;
  let kept = cases;
  const write = async (): Promise<void> => {
    const source = renderHttpTests({ runner, esm, testPath: testFile, app, cases: kept });
    await ctx.workspace.write(testFile, await ctx.tools.format(testFile, source));
  };
  await write();
  let runsSummary: { passed: number; failed: number }[] = [];
  for (let round = 0; round < 2; round += 1) {
    const repeated = await runRepeatedly(ctx, testFile, { times: RUNS, timeoutMs: options.timeoutMs ?? 300_000 });
    runsSummary = repeated.runs;
    const failing = repeated.failing;
    if (failing.size === 0) break;
    for (const c of kept)
      if (failing.has(c.title)) skipped.push({ route: c.route, reason: `${c.title}: did not pass every run of ${runner}` });
    kept = kept.filter((c) => !failing.has(c.title));
    if (kept.length === 0 || round === 1) {
      await ctx.workspace.delete(testFile);
      throw new AgentdError(
        'test_run_failed',
        `The generated HTTP tests of ${app.file} did not pass ${RUNS} runs of ${runner}: ${[...failing].join('; ')}.`,
      );
    }
    await write();
  }
  const tested = [...new Set(kept.map((c) => c.route))];
  const untested = usable.map(label).filter((r) => !tested.includes(r));
  const skippedText = skipped.length > 0 ? ` Skipped: ${skipped.map((s) => `${s.route} (${s.reason})`).join('; ')}.` : '';
  return {
    summary: `Generated ${kept.length} HTTP test(s) for ${tested.length} of ${routes.length} route(s) of ${app.file} in ${testFile} for ${runner}; every one passed ${RUNS} runs of the project's runner.${skippedText}${untested.length > 0 ? ` Routes without a test: ${untested.join(', ')}.` : ''}${addsScript ? ' Added a "test" script (node --test), as the project had no runner.' : ''} Data-layer tests against a real database are not generated yet.`,
    data: {
      runner,
      app: app.file,
      framework: app.framework,
      testFile,
      tests: kept.map((c) => ({ route: c.route, title: c.title })),
      routes: routes.map((r) => ({
        route: label(r),
        file: r.file,
        line: r.line,
        tests: kept.filter((c) => c.route === label(r)).length,
        body: r.body?.source ?? null,
      })),
      skipped,
      unmounted: scan.unmounted,
      runs: runsSummary,
    },
  };
}

const label = (r: RouteFact): string => `${r.method} ${r.path}`;

function describe(r: Request): string {
  return r.kind === 'valid' ? 'the valid request' : r.kind === 'invalid-body' ? 'the invalid body' : 'the malformed path parameter';
}

/** Path parameters: `:id`-like ones get 1 (the first record a POST before it created), others a word. */
function fill(routePath: string, malformed = false): string {
  return routePath.replace(/:([A-Za-z_$][\w$]*)/g, (_m, name: string) =>
    malformed ? 'not-a-valid-id' : /id$/i.test(name) ? '1' : 'example',
  );
}

/** Creations first (a later GET of `/:id` finds the record), deletions last; an invalid request right after its route's valid one. */
function requestsFor(routes: RouteFact[]): Request[] {
  const order = routes
    .map((route, index) => ({ route, index }))
    .sort((a, b) => METHOD_ORDER.indexOf(a.route.method) - METHOD_ORDER.indexOf(b.route.method) || a.index - b.index);
  const out: Request[] = [];
  for (const { route } of order) {
    const body = route.body?.valid;
    out.push({ route, kind: 'valid', method: route.method, path: fill(route.path), ...(body !== undefined ? { body } : {}) });
    if (route.body?.invalid)
      out.push({ route, kind: 'invalid-body', method: route.method, path: fill(route.path), body: route.body.invalid });
    if (route.checksParams)
      out.push({
        route,
        kind: 'invalid-param',
        method: route.method,
        path: fill(route.path, true),
        ...(body !== undefined ? { body } : {}),
      });
  }
  // DELETE of the record the others use runs after every other request of the same path.
  return out;
}

async function probe(
  ctx: CapabilityContext,
  tree: string,
  app: AppModule,
  requests: Request[],
  timeoutMs: number | undefined,
): Promise<Answer[]> {
  const result = await ctx.tools.runCommand(process.execPath, [RUN_IN, tree, process.execPath, PROBE], {
    stdin: JSON.stringify({
      module: path.join(tree, app.file),
      exportName: app.exportName,
      factory: app.factory,
      framework: app.framework,
      requests: requests.map((r) => ({ method: r.method, path: r.path, body: r.body })),
    }),
    readOnlyWorkspace: true,
    timeoutMs: timeoutMs ?? 60_000,
  });
  const at = result.stdout.lastIndexOf(MARKER);
  if (at < 0)
    throw new AgentdError(
      'test_run_failed',
      `Starting the app of ${app.file} to observe its routes failed (exit code ${result.exitCode}): ${result.stderr.split('\n').filter(Boolean).slice(0, 4).join(' | ').slice(0, 800)}`,
    );
  return JSON.parse(result.stdout.slice(at + MARKER.length).trim()) as Answer[];
}

function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]));
  return value === null ? 'null' : typeof value;
}

function dateLike(value: unknown): boolean {
  if (typeof value === 'string') return DATE_LIKE.test(value);
  if (Array.isArray(value)) return value.some(dateLike);
  if (value !== null && typeof value === 'object') return Object.values(value).some(dateLike);
  return false;
}

/** The test for one request, or why there is none. */
function caseOf(request: Request, answers: Answer[]): HttpCase | string {
  const first = answers[0]!;
  if (first.error) return `the request failed (${first.error})`;
  if (!answers.every((a) => a.status === first.status)) return `not deterministic (status ${answers.map((a) => a.status).join(', ')})`;
  const status = first.status!;
  if (status >= 500) return `answered ${status} (a server error is not a behaviour to pin)`;
  if (request.kind === 'valid' && status >= 400)
    return `answered ${status} to the input made from its code (the request could not be made valid)`;
  if (request.kind !== 'valid' && (status < 400 || status >= 500)) return `accepted (status ${status}): the route does not refuse it`;
  const bodies = answers.map((a) => (a.json !== undefined ? { json: a.json } : { text: a.text ?? '' }));
  let expect: HttpCase['expect'];
  if ('json' in bodies[0]!) {
    const values = bodies.map((b) => (b as { json: unknown }).json);
    if (values.every((v) => isDeepStrictEqual(v, values[0])) && !dateLike(values[0])) expect = { kind: 'json', value: values[0] };
    else if (values.every((v) => isDeepStrictEqual(shapeOf(v), shapeOf(values[0])))) expect = { kind: 'shape', shape: shapeOf(values[0]) };
    else return 'the body has a different shape in every run';
  } else {
    const texts = bodies.map((b) => (b as { text: string }).text);
    expect = texts.every((t) => t === texts[0]) && texts[0]!.length <= 200 ? { kind: 'text', text: texts[0]! } : { kind: 'none' };
  }
  const headers: Record<string, string | true | null> = {};
  const contentTypes = answers.map((a) => a.headers?.['content-type']?.split(';')[0] ?? null);
  if (contentTypes.every((c) => c === contentTypes[0])) headers['content-type'] = contentTypes[0]!;
  for (const name of ['location', 'cache-control']) {
    const values = answers.map((a) => a.headers?.[name] ?? null);
    if (values[0] === null || !values.every((v) => v !== null)) continue;
    headers[name] = values.every((v) => v === values[0]) ? values[0] : true;
  }
  const what =
    request.kind === 'valid'
      ? request.body !== undefined
        ? ' with a valid body'
        : ''
      : request.kind === 'invalid-body'
        ? Object.keys(request.body as object).length === 0
          ? ' without its required fields'
          : ' with a field of the wrong type'
        : ' with a malformed path parameter';
  return {
    title: `${request.method} ${request.path}${what} answers ${status}`,
    method: request.method,
    path: request.path,
    ...(request.body !== undefined ? { body: request.body } : {}),
    status,
    headers,
    expect,
  };
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
