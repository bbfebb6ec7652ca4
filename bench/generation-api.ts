/**
 * The API generators' matrix: generation.service, generation.api-route and generation.crud-resource ×
 * three fixture stacks (Express + pg + mocha; Fastify + sql.js + node:test, semicolon-free, tabs;
 * Next.js app router + pg + Vitest, next-app-pg: route handlers, services in lib/, bundler resolution) ×
 * 20 resource specs drawn from a fixed seed (field types, required/unique/defaults, method subsets).
 * Per (capability, stack) the 20 resources are generated into one copy of the fixture, then the real
 * checks run once over all of them and are attributed back to each spec by file: tsc under the
 * fixture's tsconfig, ESLint with its config, Prettier --list-different, and (crud-resource) the
 * generated integration tests in the fixture's runner (mocha, node:test, Vitest) — against the real
 * PostgreSQL at 127.0.0.1:5432 (a schema per suite) or SQLite. Prints the share of specs clean under each check
 * (goal 100 %) and generation time per capability.
 *
 * A stack may carry a validation library ("express-pg-mocha+zod"): the fixture's package.json then also
 * depends on it (zod 4 / ajv 8, from agentd's node_modules) and the input checks are written with it.
 *
 *   node dist/bench/generation-api.js [specs] [capability-filter | next | validation]
 *   (next: every capability, the Next.js stack only; validation: every capability on the stacks with zod or ajv)
 */
import { readFile, writeFile } from 'node:fs/promises';
import { run as apiRoute } from '../capabilities/generation/api-route.js';
import { run as crudResource } from '../capabilities/generation/crud-resource.js';
import { run as service } from '../capabilities/generation/service.js';
import { resourceModel } from '../capabilities/generation/service/resource-model.js';
import type { CapabilityContext, StepResult } from '../core/index.js';
import { specs, TYPES, type Spec } from './generation-api-specs.js';
import {
  copyFixture,
  EXPRESS_PG,
  exec,
  FASTIFY_SQLITE,
  generate,
  removeCopies,
  repo,
} from '../test/capabilities/generation/api/fixture-project.js';

const NEXT_PG = 'next-app-pg';
const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
type Runner = (input: never, ctx: CapabilityContext) => Promise<StepResult>;
const CAPABILITIES: [string, Runner, (s: Spec) => object][] = [
  ['generation.service', service as Runner, (s) => ({ resource: s.resource, fields: s.fields })],
  ['generation.api-route', apiRoute as Runner, (s) => ({ resource: s.resource, fields: s.fields, methods: s.methods })],
  ['generation.crud-resource', crudResource as Runner, (s) => ({ resource: s.resource, fields: s.fields })],
];

const bin = (relative: string): string => `${repo}node_modules/${relative}`;

interface Cell {
  capability: string;
  stack: string;
  specs: number;
  tsc: number;
  eslint: number;
  prettier: number;
  tests: number | null;
  ms: number[];
  failures: string[];
}

const VALIDATION_STACKS = [`${EXPRESS_PG}+zod`, `${EXPRESS_PG}+ajv`, `${FASTIFY_SQLITE}+zod`, `${NEXT_PG}+zod`];
const LIBRARY_VERSIONS: Record<string, string> = { zod: '^4.1.12', ajv: '^8.20.0' };

/** A copy of the stack's fixture; for "fixture+library", with the library added to its package.json. */
async function copyStack(stack: string): Promise<string> {
  const [fixture, library] = stack.split('+') as [string, string | undefined];
  const root = await copyFixture(fixture);
  if (library) {
    const pkg = JSON.parse(await readFile(`${root}/package.json`, 'utf8')) as { dependencies: Record<string, string> };
    pkg.dependencies[library] = LIBRARY_VERSIONS[library]!;
    await writeFile(`${root}/package.json`, `${JSON.stringify(pkg, null, 2)}\n`);
  }
  return root;
}

async function measure(capability: string, runner: Runner, inputOf: (s: Spec) => object, stackName: string, all: Spec[]): Promise<Cell> {
  const root = await copyStack(stackName);
  const stack = stackName.split('+')[0]!;
  const owner = new Map<string, number>();
  const ms: number[] = [];
  const failures: string[] = [];
  const generated: boolean[] = [];
  for (const [i, spec] of all.entries()) {
    const started = performance.now();
    try {
      const { written } = await generate(runner, root, inputOf(spec) as never);
      ms.push(performance.now() - started);
      for (const file of written) if (!owner.has(file) && file !== 'src/app.ts') owner.set(file, i);
      if (written.length === 0) throw new Error('wrote nothing');
      generated.push(true);
    } catch (error) {
      generated.push(false);
      failures.push(`${spec.resource}: generation failed: ${(error as Error).message}`);
    }
  }
  const files = [...owner.keys()].filter((f) => f.endsWith('.ts'));
  const bad = { tsc: new Set<number>(), eslint: new Set<number>(), prettier: new Set<number>(), tests: new Set<number>() };
  const blame = (kind: keyof typeof bad, file: string, why: string): void => {
    const i = owner.get(file.replace(`${root}/`, ''));
    if (i === undefined) return;
    bad[kind].add(i);
    failures.push(`${all[i]!.resource}: ${kind}: ${why.slice(0, 300)}`);
  };
  const tsc = await exec(root, process.execPath, [bin('typescript/bin/tsc'), '-p', 'tsconfig.json']);
  for (const m of tsc.output.matchAll(/^(\S+?)\(\d+,\d+\): error (.*)$/gm)) blame('tsc', m[1]!, m[2]!);
  const eslint = await exec(root, process.execPath, [bin('eslint/bin/eslint.js'), '--format', 'json', ...files]);
  for (const report of JSON.parse(eslint.output.slice(eslint.output.indexOf('['))) as {
    filePath: string;
    messages: { message: string; ruleId: string }[];
  }[]) {
    if (report.messages.length > 0) blame('eslint', report.filePath, report.messages.map((m) => `${m.ruleId}: ${m.message}`).join('; '));
  }
  const prettier = await exec(root, process.execPath, [bin('prettier/bin/prettier.cjs'), '--list-different', ...files]);
  for (const file of prettier.output.split('\n').filter((l) => l.trim().length > 0 && !l.startsWith('[')))
    blame('prettier', file.trim(), 'not Prettier-stable');
  let tests: number | null = null;
  if (capability === 'generation.crud-resource' && tsc.code === 0) {
    const suiteTitle = (s: Spec): string =>
      stack === NEXT_PG
        ? `/api/${resourceModel(s.resource, s.fields).pluralKebab} route handlers`
        : `/${resourceModel(s.resource, s.fields).pluralKebab} API`;
    const suites = new Map(all.map((s, i) => [suiteTitle(s), i]));
    const passedSuites = new Set<number>();
    if (stack === NEXT_PG) {
      // Next.js: the project's Vitest (`vitest run`), its JSON report; each generated file is one suite.
      const report = await vitestReport(root);
      for (const file of report.testResults) {
        for (const test of file.assertionResults) {
          const i = suites.get(test.ancestorTitles[0] ?? '');
          if (i === undefined) continue;
          if (test.status === 'passed') passedSuites.add(i);
          else {
            bad.tests.add(i);
            failures.push(`${all[i]!.resource}: tests: ${test.title}: ${(test.failureMessages[0] ?? test.status).slice(0, 200)}`);
          }
        }
      }
    } else if (stack === EXPRESS_PG) {
      const out = await exec(
        root,
        process.execPath,
        [bin('mocha/bin/mocha.js'), '--exit', '--reporter', 'json', 'dist/test/**/*.test.js'],
        { DATABASE_URL },
      );
      const report = JSON.parse(out.output.slice(out.output.indexOf('{'))) as {
        passes: { fullTitle: string }[];
        failures: { fullTitle: string; err: { message: string } }[];
      };
      const suiteOf = (title: string): number | undefined => [...suites.entries()].find(([suite]) => title.startsWith(`${suite} `))?.[1];
      for (const f of report.failures) {
        const i = suiteOf(f.fullTitle);
        if (i !== undefined) {
          bad.tests.add(i);
          failures.push(`${all[i]!.resource}: tests: ${f.fullTitle}: ${f.err.message.slice(0, 200)}`);
        }
      }
      for (const p of report.passes) {
        const i = suiteOf(p.fullTitle);
        if (i !== undefined) passedSuites.add(i);
      }
    } else {
      const out = await exec(root, process.execPath, ['--test', 'dist/test/']);
      for (const m of out.output.matchAll(/^\s*(not )?ok \d+ - (\/\S+ API)$/gm)) {
        const i = [...suites.entries()].find(([title]) => m[2] === title)?.[1];
        if (i === undefined) continue;
        if (m[1]) {
          bad.tests.add(i);
          failures.push(`${all[i]!.resource}: tests: suite failed`);
        } else passedSuites.add(i);
      }
    }
    tests = all.filter((_, i) => generated[i] && passedSuites.has(i) && !bad.tests.has(i)).length;
  }
  const clean = (kind: keyof typeof bad): number => all.filter((_, i) => generated[i] && !bad[kind].has(i)).length;
  if (tsc.code !== 0 && bad.tsc.size === 0) failures.push(`tsc failed outside the generated files: ${tsc.output.slice(0, 300)}`);
  return {
    capability,
    stack: stackName,
    specs: all.length,
    tsc: tsc.code === 0 ? clean('tsc') : Math.min(clean('tsc'), all.length - 1),
    eslint: clean('eslint'),
    prettier: clean('prettier'),
    tests,
    ms,
    failures,
  };
}

interface VitestReport {
  testResults: {
    name: string;
    assertionResults: { ancestorTitles: string[]; title: string; status: string; failureMessages: string[] }[];
  }[];
}

/** `vitest run` in the copy with its JSON report written to a file (stdout keeps the progress lines). */
async function vitestReport(root: string): Promise<VitestReport> {
  const file = `${root}/.vitest-report.json`;
  await exec(root, process.execPath, [bin('vitest/vitest.mjs'), 'run', '--reporter=json', `--outputFile=${file}`], { DATABASE_URL });
  try {
    return JSON.parse(await readFile(file, 'utf8')) as VitestReport;
  } catch {
    return { testResults: [] };
  }
}

const pct = (n: number, of: number): string => `${((100 * n) / of).toFixed(0)}%`;

export async function run(): Promise<void> {
  const count = Number(process.argv[2] ?? 20);
  const only = process.argv[3];
  const all = specs(count, 21);
  const cells: Cell[] = [];
  try {
    for (const [capability, runner, inputOf] of CAPABILITIES) {
      if (only && only !== 'next' && only !== 'validation' && !capability.includes(only)) continue;
      const stacks = only === 'next' ? [NEXT_PG] : only === 'validation' ? VALIDATION_STACKS : [EXPRESS_PG, FASTIFY_SQLITE, NEXT_PG];
      for (const stack of stacks) cells.push(await measure(capability, runner, inputOf, stack, all));
    }
  } finally {
    await removeCopies();
  }
  console.log(`${count} specs per cell (seed 21), fields 1-6 of ${TYPES.join('/')}, required/unique/default at random`);
  console.log('capability                | stack                     | tsc  | eslint | prettier | tests | gen ms (median / max)');
  for (const c of cells) {
    const sorted = [...c.ms].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(
      `${c.capability.padEnd(25)} | ${c.stack.padEnd(25)} | ${pct(c.tsc, c.specs).padStart(4)} | ${pct(c.eslint, c.specs).padStart(6)} | ${pct(c.prettier, c.specs).padStart(8)} | ${(c.tests === null ? 'n/a' : pct(c.tests, c.specs)).padStart(5)} | ${median.toFixed(0)} / ${Math.max(...c.ms, 0).toFixed(0)}`,
    );
  }
  const failures = cells.flatMap((c) => c.failures.map((f) => `${c.capability} on ${c.stack}: ${f}`));
  if (failures.length > 0) console.log(`failures:\n  ${failures.slice(0, 40).join('\n  ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
