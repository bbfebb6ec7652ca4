/**
 * CapabilityTester itself: cases run through the daemon's executor on sample projects (files, a fixture
 * folder, a git repository); wrong expectations fail saying what differed; input-schema cases; node:test.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { CapabilityTester, type CapabilityCases } from '../../../core/tester/index.js';

const SUPPORT = fileURLToPath(new URL('../../support/capabilities/', import.meta.url));
const TESTER = pathToFileURL(fileURLToPath(new URL('../../../core/tester/index.js', import.meta.url))).href;
const writer = new CapabilityTester({ capability: 'refactoring.test-writer', module: path.join(SUPPORT, 'writer.js') });
const thrower = new CapabilityTester({ capability: 'analysis.test-throws', module: path.join(SUPPORT, 'throws.js') });
const smells = new CapabilityTester({ capability: 'analysis.smells' });

/** Collects the tests a tester declares instead of handing them to mocha. */
function collect(tester: CapabilityTester, cases: CapabilityCases): Map<string, () => Promise<void>> {
  const tests = new Map<string, () => Promise<void>>();
  const stack: string[] = [];
  CapabilityTester.describe = (name, body) => {
    stack.push(name);
    body();
    stack.pop();
  };
  CapabilityTester.it = (name, body) => tests.set([...stack, name].join(' > '), body);
  try {
    tester.run(cases);
  } finally {
    CapabilityTester.describe = undefined;
    CapabilityTester.it = undefined;
  }
  return tests;
}

async function outcomeOf(test: (() => Promise<void>) | undefined): Promise<string> {
  expect(test).to.be.a('function');
  return test!().then(
    () => 'passed',
    (error: Error) => error.message,
  );
}

describe('core/tester CapabilityTester', function () {
  this.timeout(60_000);

  it('runs a case in the daemon executor: the step sees the sample files, its changes and logs come back', async () => {
    const outcome = await writer.runCase({ files: { 'src/a.js': 'old\n' }, input: { path: 'src/a.js', content: 'new\n' } });
    expect(outcome.error).to.equal(undefined);
    expect(outcome.changes.map((c) => [c.path, c.action, c.after])).to.deep.equal([['src/a.js', 'modify', 'new\n']]);
    expect(outcome.changes[0]!.diff).to.contain('-old').and.contain('+new');
    expect(outcome.logs).to.deep.equal(['info: staging "src/a.js"']);
    expect(outcome.findings.map((f) => f.ruleId)).to.deep.equal(['test/staged']);
  });

  it('reports the error code a job would (the executor keeps refactoring_refused, wraps the rest)', async () => {
    const refused = await thrower.runCase({ files: {}, input: { message: 'no', code: 'refactoring_refused' } });
    expect(refused.error?.code).to.equal('refactoring_refused');
    const other = await thrower.runCase({ files: {}, input: { message: 'boom', code: 'internal_error' } });
    expect(other.error?.code).to.equal('capability_error');
    expect(other.error?.message).to.contain('boom');
  });

  it('copies a fixture folder, writes the files map over it, makes a git repository, applies on request', async () => {
    const fixture = await mkdtemp(path.join(tmpdir(), 'agentd-tester-fixture-'));
    try {
      await writeFile(path.join(fixture, 'kept.js'), 'kept\n');
      await writeFile(path.join(fixture, 'over.js'), 'fixture\n');
      let seen: { kept: string; over: string; head: string; applied: string } | undefined;
      await writer.runCase({
        fixture,
        files: { 'over.js': 'map\n' },
        git: true,
        apply: true,
        input: { path: 'new.js', content: 'created\n' },
        check: async (outcome) => {
          const { stdout } = await promisify(execFile)('git', ['log', '--format=%s'], { cwd: outcome.root });
          seen = {
            kept: await readFile(path.join(outcome.root, 'kept.js'), 'utf8'),
            over: await readFile(path.join(outcome.root, 'over.js'), 'utf8'),
            head: stdout.trim(),
            applied: await readFile(path.join(outcome.root, 'new.js'), 'utf8'),
          };
        },
      });
      expect(seen).to.deep.equal({ kept: 'kept\n', over: 'map\n', head: 'sample project', applied: 'created\n' });
      expect(await readFile(path.join(fixture, 'over.js'), 'utf8'), 'the fixture itself is untouched').to.equal('fixture\n');
    } finally {
      await rm(fixture, { recursive: true, force: true });
    }
  });

  it('fails a case whose expectations do not match, saying what differed', async () => {
    const tests = collect(writer, {
      valid: [{ name: 'stages a change', files: {}, input: { path: 'a.js', content: 'x' } }],
      invalid: [
        { name: 'wrong line', files: {}, input: { path: 'a.js', content: 'x' }, findings: [{ line: 7 }] },
        { name: 'wrong count', files: {}, input: { path: 'a.js', content: 'x' }, findings: [{}, {}] },
        { name: 'wrong content', files: {}, input: { path: 'a.js', content: 'x' }, changes: { 'a.js': 'y' } },
        { name: 'diff lacks', files: {}, input: { path: 'a.js', content: 'x' }, changes: { 'a.js': { diffContains: '+z' } } },
        { name: 'other file', files: {}, input: { path: 'a.js', content: 'x' }, changes: { 'b.js': 'x' } },
        { name: 'expects an error that does not come', files: {}, input: { path: 'a.js', content: 'x' }, error: 'refactoring_refused' },
        { name: 'input the schema refuses', files: {}, input: { path: 'a.js' }, findings: [] },
        { name: 'says nothing', files: {}, input: { path: 'a.js', content: 'x' } },
        {
          name: 'right',
          files: {},
          input: { path: 'a.js', content: 'x\n' },
          findings: [{ ruleId: 'test/staged', file: 'a.js', line: 1, message: 'staged', severity: 'info' }],
          changes: { 'a.js': { contains: 'x', diffContains: '+x' } },
        },
      ],
      inputErrors: [
        { name: 'accepted input', input: { path: 'a', content: 'b' }, message: 'x' },
        { name: 'missing content', input: { path: 'a' }, message: "must have required property 'content'" },
        { name: 'wrong message', input: {}, message: /nothing like this/ },
      ],
    });
    const at = (name: string): Promise<string> => outcomeOf(tests.get(`refactoring.test-writer > ${name}`));
    expect(await at('valid > stages a change')).to.contain('expected no findings, got 1: test/staged a.js:1');
    expect(await at('invalid > wrong line')).to.contain('first difference: line 7');
    expect(await at('invalid > wrong count')).to.contain('expected 2 findings, got 1');
    expect(await at('invalid > wrong content')).to.contain('change of a.js: expected "y", got "x"');
    expect(await at('invalid > diff lacks')).to.contain('expected the diff to contain "+z"');
    expect(await at('invalid > other file')).to.contain('expected changes to b.js, got changes to a.js');
    expect(await at('invalid > expects an error that does not come')).to.contain(
      'expected the step to fail with refactoring_refused, got success',
    );
    expect(await at('invalid > input the schema refuses'))
      .to.contain('failed with invalid_input')
      .and.contain('content');
    expect(await at('invalid > says nothing')).to.contain('must say what it expects');
    expect(await at('invalid > right')).to.equal('passed');
    expect(await at('input errors > accepted input')).to.contain('it accepted it');
    expect(await at('input errors > missing content')).to.equal('passed');
    expect(await at('input errors > wrong message')).to.contain('expected the input errors to match /nothing like this/');
  });

  it('runs a first-party capability by id from dist/capabilities', async () => {
    const outcome = await smells.runCase({ files: { 'src/a.ts': 'export function f() {\n  return 1;\n  console.log("never");\n}\n' } });
    expect(outcome.findings.map((f) => `${f.ruleId}@${f.range.startLine}`)).to.include('smells/unreachable-code@3');
  });

  it('declares its tests with node:test when there are no mocha globals', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'agentd-tester-node-test-'));
    try {
      const file = path.join(folder, 'writer.test.mjs');
      await writeFile(
        file,
        `import { CapabilityTester } from ${JSON.stringify(TESTER)};
new CapabilityTester({ capability: 'refactoring.test-writer', module: ${JSON.stringify(path.join(SUPPORT, 'writer.js'))} }).run({
  invalid: [{ files: { 'a.js': '' }, input: { path: 'a.js', content: 'x' }, changes: { 'a.js': 'x' } }],
  inputErrors: [{ input: {}, message: 'required' }],
});
`,
      );
      const { stdout } = await promisify(execFile)(process.execPath, ['--test', '--test-reporter=tap', file], { cwd: folder });
      expect(stdout)
        .to.match(/# pass 2/)
        .and.match(/# fail 0/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
