/**
 * The parts of a compound test script that build what its runner runs — `tsc -p tsconfig.json && mocha
 * 'dist/test/**\/*.test.js'`: a `tsc …` part (optionally through npx) or the project's build script
 * through its package manager (`npm run build`, `yarn build`, `pnpm compile`). They run before the
 * runner instead of being left out with the lint and other checks (runner-script.ts): without them a
 * TypeScript project's runner finds no compiled tests, or stale ones.
 */
import { RUN_IN, shellWords } from './plan-invocation.js';

const COMPILE_STEP = /^(?:(?:npx\s+)?tsc(?:\s|$)|(?:npm\s+run|yarn(?:\s+run)?|pnpm(?:\s+run)?)\s+(?:build|compile)(?::[\w:-]+)?(?:\s|$))/;

export function isCompileStep(part: string): boolean {
  return COMPILE_STEP.test(part.trim());
}

/**
 * The arguments after `node` that run a compile step in `tree` through run-in: `tsc …` with the
 * project's own binary (`npm exec --no`, never a download), a package-manager call as written.
 */
export function compileStepArgs(part: string, tree: string): string[] {
  const words = shellWords(part) ?? part.trim().split(/\s+/);
  if (['npm', 'yarn', 'pnpm'].includes(words[0]!)) return [RUN_IN, tree, ...words];
  return [RUN_IN, tree, 'npm', 'exec', '--no', '--', ...(words[0] === 'npx' ? words.slice(1) : words)];
}
