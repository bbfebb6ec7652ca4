import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AgentdError, type StagedEntry } from '../../../../core/index.js';
import { copyOf, fixture, removeCopies, runOn } from '../modernize/sample-copy.js';

interface Side {
  typecheck: { exitCode: number; passed: boolean; durationMs: number; outputTail: string } | null;
  tests: { exitCode: number; passed: boolean; durationMs: number; outputTail: string } | null;
}

const sample = fixture('refactoring-samples', 'verify-ts-project');

async function project(): Promise<{ root: string; cart: string }> {
  const root = await copyOf(sample, { linkNodeModules: true });
  return { root, cart: await readFile(path.join(root, 'src', 'cart.ts'), 'utf8') };
}

async function verify(
  root: string,
  staged: StagedEntry[],
  projectCode = true,
): Promise<{ before: Side; after: Side; summary: string; notRun: unknown[] }> {
  const { result } = await runOn('refactoring.verify', root, {}, { projectCode, staged });
  return { ...(result.data as { before: Side; after: Side; notRun: unknown[] }), summary: result.summary };
}

async function failure(promise: Promise<unknown>): Promise<AgentdError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'expected the step to fail').to.be.instanceOf(AgentdError);
  return error as AgentdError;
}

describe('capabilities/refactoring/verify', function () {
  this.timeout(120_000);
  after(removeCopies);

  it('passes a behaviour-preserving change, reporting both checks before and after', async () => {
    const { root, cart } = await project();
    const staged = [
      {
        path: 'src/cart.ts',
        content: cart.replace(
          "return lines.length + ' lines, total ' + cartTotal(lines);",
          'return `${lines.length} lines, total ${cartTotal(lines)}`;',
        ),
      },
    ];
    expect(staged[0]!.content).not.to.equal(cart);
    const { before, after, summary } = await verify(root, staged);
    for (const side of [before, after]) {
      expect(side.typecheck).to.include({ exitCode: 0, passed: true });
      expect(side.tests).to.include({ exitCode: 0, passed: true });
      expect(side.tests!.outputTail).to.match(/# pass 3/);
      expect(side.tests!.durationMs).to.be.greaterThan(0);
    }
    expect(summary).to.match(/typecheck .* passes; tests \(npm test\) passes/);
  });

  it('fails with verification_failed naming the tests and the failing assertion when a change breaks a test', async () => {
    const { root, cart } = await project();
    const staged = [
      { path: 'src/cart.ts', content: cart.replace('return line.price * line.quantity;', 'return line.price + line.quantity;') },
    ];
    const error = await failure(verify(root, staged));
    expect(error.code).to.equal('verification_failed');
    expect(error.status).to.equal(422);
    expect(error.message).to.match(/^Check "tests" \(npm test\) passed before/);
    expect(error.message).to.match(/not ok|fail/i);
    // The workspace itself never changed: the check ran in temp copies.
    expect(await readFile(path.join(root, 'src', 'cart.ts'), 'utf8')).to.equal(cart);
  });

  it('catches a type error that the type-stripping test runner lets through', async () => {
    const { root, cart } = await project();
    const staged = [{ path: 'src/cart.ts', content: cart.replace('let sum = 0;', 'let sum: number = 0;\n  const unit: string = 1;') }];
    const error = await failure(verify(root, staged));
    expect(error.code).to.equal('verification_failed');
    expect(error.message).to.match(/^Check "typecheck" \(tsc --noEmit -p tsconfig.json\)/);
    expect(error.message).to.include("src/cart.ts(13,9): error TS2322: Type 'number' is not assignable to type 'string'.");
  });

  it('does not blame the change for a check that already failed before it', async () => {
    const { root, cart } = await project();
    const broken = cart.replace('return line.price * line.quantity;', 'return line.price * line.quantity + 1;');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(root, 'src', 'cart.ts'), broken);
    const staged = [{ path: 'src/cart.ts', content: broken.replace('let sum = 0;', 'let sum = 0 as number;') }];
    const { before, after, summary } = await verify(root, staged);
    expect(before.tests!.passed).to.equal(false);
    expect(after.tests!.passed).to.equal(false);
    expect(after.typecheck!.passed).to.equal(true);
    expect(summary).to.include('still fails (failed before too)');
  });

  it("without the project-code permission: type-checks with agentd's TypeScript API and reports the tests as not run, never as passed", async () => {
    const { root, cart } = await project();
    const staged = [{ path: 'src/cart.ts', content: cart.replace('let sum = 0;', 'let sum = 0 as number;') }];
    const { before, after, summary, notRun } = await verify(root, staged, false);
    expect(before.typecheck).to.include({ exitCode: 0, passed: true });
    expect(after.typecheck).to.include({ exitCode: 0, passed: true });
    expect(before.tests).to.equal(null);
    expect(after.tests).to.equal(null);
    expect(notRun).to.deep.equal([
      {
        check: 'tests',
        reason: 'project code not allowed ("npm test" runs the project\'s code; allow project code for this workspace to run it)',
        needsProjectCode: true,
      },
    ]);
    expect(summary).to.include("typecheck (agentd's TypeScript API on tsconfig.json) passes");
    expect(summary).to.include('Not run: tests (project code not allowed');
    expect(summary).not.to.match(/tests[^.]*passes/);
  });

  it('without the permission the API type-check still catches a type error, through the overlay (the workspace is not copied)', async () => {
    const { root, cart } = await project();
    const staged = [{ path: 'src/cart.ts', content: cart.replace('let sum = 0;', 'let sum: number = 0;\n  const unit: string = 1;') }];
    const error = await failure(verify(root, staged, false));
    expect(error.code).to.equal('verification_failed');
    expect(error.message).to.match(/^Check "typecheck" \(agentd's TypeScript API on tsconfig.json\)/);
    expect(error.message).to.include("src/cart.ts(13,9): error TS2322: Type 'number' is not assignable to type 'string'.");
  });

  it('refuses with project_code_not_allowed when the only check there is needs project code', async () => {
    const root = await copyOf(fixture('refactoring-samples', 'cjs-dynamic-require'));
    const { writeFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(path.join(root, 'package.json'), JSON.stringify({ ...manifest, scripts: { test: 'node --test' } }));
    const error = await failure(verify(root, [], false));
    expect(error.code).to.equal('project_code_not_allowed');
    expect(error.message).to.include('security.trustedWorkspaces');
  });

  it('a solution tsconfig (files: [] + references) is type-checked project by project, never passed unchecked', async () => {
    // No node_modules: with agentd's own linked, every one of its @types packages would be checked too.
    const root = await copyOf(fixture('refactoring-samples', 'verify-solution'));
    const checkout = await readFile(path.join(root, 'packages', 'app', 'src', 'checkout.ts'), 'utf8');
    // With the project-code permission too: tsc -p on a solution config would check nothing and pass.
    const neutral = [{ path: 'packages/app/src/checkout.ts', content: checkout.replace('const net: number', 'const net') }];
    const { result } = await runOn('refactoring.verify', root, { checks: ['typecheck'] }, { projectCode: true, staged: neutral });
    expect(result.summary).to.match(/typecheck \(agentd's TypeScript API on tsconfig\.json and the 2 projects it references\) passes\.$/);
    const breaking = [{ path: 'packages/app/src/checkout.ts', content: checkout.replace('const net: number', 'const net: string') }];
    const error = await failure(runOn('refactoring.verify', root, { checks: ['typecheck'] }, { projectCode: false, staged: breaking }));
    expect(error.code).to.equal('verification_failed');
    expect(error.message).to.include("packages/app/src/checkout.ts(4,9): error TS2322: Type 'number' is not assignable to type 'string'.");
  });

  it("type-check only: a project without a test script (or with npm's placeholder) verifies without a word about tests", async () => {
    const { root, cart } = await project();
    const { writeFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const scripts of [{}, { test: 'echo "Error: no test specified" && exit 1' }]) {
      await writeFile(path.join(root, 'package.json'), JSON.stringify({ ...manifest, scripts }));
      const staged = [{ path: 'src/cart.ts', content: cart.replace('let sum = 0;', 'let sum = 0 as number;') }];
      const { result } = await runOn('refactoring.verify', root, { checks: ['typecheck'] }, { projectCode: true, staged });
      const data = result.data as { checks: string[]; notRun: unknown[]; before: Side; after: Side };
      expect(data.checks).to.deep.equal(['typecheck']);
      expect(data.notRun).to.deep.equal([]);
      expect(data.after.typecheck).to.include({ passed: true });
      expect(data.after.tests).to.equal(null);
      expect(result.summary).to.match(/typecheck \(tsc --noEmit -p tsconfig.json\) passes\.$/);
      expect(result.summary).not.to.match(/test/i);
    }
  });

  it('with both checks requested, a placeholder test script is not run and is named as not run, not as a failure', async () => {
    const { root } = await project();
    const { writeFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(
      path.join(root, 'package.json'),
      JSON.stringify({ ...manifest, scripts: { test: 'echo "Error: no test specified" && exit 1' } }),
    );
    const { before, after, summary } = await verify(root, []);
    expect(before.tests).to.equal(null);
    expect(after.tests).to.equal(null);
    expect(after.typecheck).to.include({ passed: true });
    expect(summary).to.include('passes. Not run: tests (there is no "test" script');
    expect(summary).not.to.match(/fails/i);
  });

  it('type-check only on a project without a tsconfig: the refusal names what the type-check needs, not a test script', async () => {
    const root = await copyOf(fixture('refactoring-samples', 'cjs-dynamic-require'));
    const error = await failure(runOn('refactoring.verify', root, { checks: ['typecheck'] }, { projectCode: true }));
    expect(error.code).to.equal('refactoring_refused');
    expect(error.message).to.match(/no tsconfig\.json and no "typecheck" script; add a tsconfig\.json or a "typecheck" script\.$/);
    expect(error.message).not.to.include('"test"');
  });

  it('refuses when the project has neither a tsconfig nor a test or typecheck script', async () => {
    const root = await copyOf(fixture('refactoring-samples', 'cjs-dynamic-require'));
    const error = await failure(verify(root, []));
    expect(error.code).to.equal('refactoring_refused');
  });
});
