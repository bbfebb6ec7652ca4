/**
 * core/test-runs: the runner call inside a compound `test` script — chained parts, package-manager
 * calls of other scripts (npm/yarn/pnpm, pnpm's /regex/ form), and what was left out.
 */
import { expect } from 'chai';
import { findRunnerScript } from '../../../core/index.js';

describe('core/test-runs: the runner call inside a test script', () => {
  it('a plain runner call is itself, with nothing left out', () => {
    expect(findRunnerScript({ test: 'mocha --recursive' })).to.deep.equal({ script: 'mocha --recursive', from: 'test', leftOut: [] });
  });

  it('takes the runner part of an && chain and names the others', () => {
    expect(
      findRunnerScript({ test: 'vitest run && yarn test:build && yarn test:flow', 'test:build': 'yarn build && vitest run' }),
    ).to.deep.equal({
      script: 'vitest run',
      from: 'test',
      leftOut: ['yarn test:build', 'yarn test:flow'],
    });
  });

  it('follows yarn, npm run and pnpm calls of other scripts', () => {
    expect(findRunnerScript({ test: 'yarn lint && yarn testonly', lint: 'eslint src', testonly: 'vitest run' })).to.deep.equal({
      script: 'vitest run',
      from: 'testonly',
      leftOut: ['yarn lint'],
    });
    expect(findRunnerScript({ test: 'npm run build && npm run spec', build: 'tsc', spec: 'mocha "test/**/*.test.js"' })).to.deep.equal({
      script: 'mocha "test/**/*.test.js"',
      from: 'spec',
      leftOut: ['npm run build'],
    });
  });

  it("reads pnpm's /regex/ form as every script it matches, the runner's one taken", () => {
    const scripts = {
      test: 'pnpm run "/^test:.*/"',
      'test:format': 'prettier . --list-different',
      'test:types': 'tsc --noEmit',
      'test:spec': 'vitest run',
    };
    expect(findRunnerScript(scripts)).to.deep.equal({
      script: 'vitest run',
      from: 'test:spec',
      leftOut: ['test:format: prettier . --list-different', 'test:types: tsc --noEmit'],
    });
  });

  it('null when no part is a plain runner call, or the script uses other shell syntax', () => {
    expect(findRunnerScript({ test: 'eslint . && tsc' })).to.equal(null);
    expect(findRunnerScript({ test: 'mocha || true' })).to.equal(null);
    expect(findRunnerScript({ test: 'cd pkg; mocha' })).to.equal(null);
    expect(findRunnerScript({ test: 'yarn test' })).to.equal(null);
    expect(findRunnerScript({ test: 'npm run a', a: 'npm run b', b: 'npm run a' })).to.equal(null);
  });
});
