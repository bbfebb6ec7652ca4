/**
 * refactoring.verify with only the affected tests (input `tests: "affected"`, the default) beside the
 * same verification running the whole suite (`tests: "all"`, what it did before) and mocha running the
 * whole suite once directly (the runner's own time, the floor of any "all" verification), on a generated
 * mocha project of MODULES modules × TESTS_PER_FILE tests of TEST_MS each (default 200 × 10 = 2,000 tests of 5 ms; modules in
 * chains of 5, so a change reaches 1–5 test files). A one-line change to one module is staged each
 * round; medians of ROUNDS rounds. Through the daemon's executor (CapabilityTester), as a job runs it.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { CapabilityTester } from '../core/tester/index.js';

const MODULES = Number(process.env.VERIFY_BENCH_MODULES ?? 200);
const TESTS_PER_FILE = Number(process.env.VERIFY_BENCH_TESTS ?? 10);
const ROUNDS = Number(process.env.VERIFY_BENCH_ROUNDS ?? 3);
/** Each test's own work, in ms (a busy wait): real suites spend it on I/O, servers and fixtures. */
const TEST_MS = Number(process.env.VERIFY_BENCH_TEST_MS ?? 5);
const CHAIN = 5;
const WORK = 'function work(ms) {\n  const until = Date.now() + ms;\n  while (Date.now() < until);\n}\n';
const repo = fileURLToPath(new URL('../../', import.meta.url));
const name = (i: number): string => `m${String(i).padStart(3, '0')}`;

async function project(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-bench-verify-'));
  await mkdir(path.join(root, 'lib'));
  await mkdir(path.join(root, 'test'));
  await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'verify-bench', private: true, scripts: { test: 'mocha' } }));
  await writeFile(path.join(root, '.mocharc.json'), JSON.stringify({ spec: ['test/**/*.test.js'] }));
  for (let i = 0; i < MODULES; i += 1) {
    // Each module builds on the previous one of its chain: a change reaches its own tests and those after it.
    const base = i % CHAIN === 0 ? null : name(i - 1);
    const body = base
      ? `const { value: base } = require('./${base}.js');\nfunction value(x) {\n  return base(x) + ${i};\n}\n`
      : `function value(x) {\n  return x * 2 + ${i};\n}\n`;
    await writeFile(path.join(root, 'lib', `${name(i)}.js`), `'use strict';\n${body}module.exports = { value };\n`);
    const expected = (x: number): number => {
      let v = x * 2 + (i - (i % CHAIN));
      for (let k = i - (i % CHAIN) + 1; k <= i; k += 1) v += k;
      return v;
    };
    const tests = Array.from(
      { length: TESTS_PER_FILE },
      (_, t) => `  it('value(${t})', () => {\n    work(${TEST_MS});\n    assert.strictEqual(value(${t}), ${expected(t)});\n  });\n`,
    ).join('');
    await writeFile(
      path.join(root, 'test', `${name(i)}.test.js`),
      `'use strict';\nconst assert = require('node:assert');\nconst { value } = require('../lib/${name(i)}.js');\n${WORK}\ndescribe('${name(i)}', () => {\n${tests}});\n`,
    );
  }
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

function mochaDirect(root: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [path.join(repo, 'node_modules', 'mocha', 'bin', 'mocha.js'), '--reporter', 'dot'],
      { cwd: root },
      (error) => (error ? reject(error) : resolve(performance.now() - start)),
    ),
  );
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(): Promise<void> {
  const root = await project();
  const tester = new CapabilityTester({ capability: 'refactoring.verify' });
  const times: Record<'affected' | 'all' | 'mocha', number[]> = { affected: [], all: [], mocha: [] };
  const ran: Record<'affected' | 'all', number[]> = { affected: [], all: [] };
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const target = name(7 + round * 31);
      const file = `lib/${target}.js`;
      const source = await readFile(path.join(root, file), 'utf8');
      // Behaviour-preserving: the verification passes, so both sides run in full.
      const staged = [{ path: file, content: source.replace('function value(x) {', 'function value(x) {\n  // reviewed') }];
      for (const scope of ['affected', 'all'] as const) {
        const start = performance.now();
        const outcome = await tester.runInFolder(root, { input: { checks: ['tests'], tests: scope }, projectCode: true, staged });
        times[scope].push(performance.now() - start);
        if (outcome.error) throw new Error(`verify (${scope}) failed: ${outcome.error.code} ${outcome.error.message}`);
        const perTest = (outcome.result!.data as { perTest: { tests: { after: { passed: number; failed: number } } } }).perTest.tests;
        ran[scope].push(perTest.after.passed + perTest.after.failed);
      }
      times.mocha.push(await mochaDirect(root));
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  const ms = (xs: number[]): string => `${(median(xs) / 1000).toFixed(2)} s`;
  console.log(
    `refactoring.verify, one staged change on ${MODULES} modules / ${MODULES * TESTS_PER_FILE} mocha tests of ~${TEST_MS} ms each (medians of ${ROUNDS})`,
  );
  console.log(`  tests: "affected"   ${ms(times.affected)}  (${median(ran.affected)} tests run on each side)`);
  console.log(`  tests: "all"        ${ms(times.all)}  (${median(ran.all)} tests run on each side)`);
  console.log(`  peer: mocha alone, whole suite once: ${ms(times.mocha)}`);
  console.log(`  affected / all: ${(median(times.affected) / median(times.all)).toFixed(2)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await run();
