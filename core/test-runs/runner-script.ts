/**
 * The test runner call inside a compound `test` script. Real projects rarely have `"test": "vitest
 * run"`: they chain a lint, a build, a type-check or a second runner (`vitest run && yarn test:build`,
 * `yarn lint && yarn testonly`, `pnpm run "/^test:.*\/"`). Per-test results need one plain runner
 * invocation, so this finds it: the first `&&`-joined part that is one (a runner word, optionally
 * behind npx/c8/nyc), or a package-manager call of another script that is one (`npm run x`, `yarn x`,
 * `pnpm x`, pnpm's `/regex/` form), followed up to three scripts deep. Every other part is named in
 * `leftOut`, so the caller can say what it did not run. Null when no part is a plain runner call.
 */
import { shellWords, splitScript } from './plan-invocation.js';

export interface RunnerScript {
  /** The plain runner invocation, e.g. "vitest run". */
  script: string;
  /** Where it came from: "test" or the name of the script it is ("testonly", "test:spec"). */
  from: string;
  /** The parts of the chain that were not taken (lint, build, other checks), as written. */
  leftOut: string[];
}

const MAX_DEPTH = 3;
/** Package-manager words that run another script: `npm run x`, `npm run-script x`, `yarn x`, `yarn run x`, `pnpm x`, `pnpm run x`. */
const MANAGERS = new Set(['npm', 'yarn', 'pnpm']);
const RUN_WORDS = new Set(['run', 'run-script']);
/** Words after which yarn/pnpm do not name a script. */
const NOT_SCRIPTS = new Set(['install', 'add', 'remove', 'exec', 'dlx', 'build', 'ci', 'test', 'i', 'x']);

/** The runner call a `test` script reaches, or null. A plain runner call is itself (nothing left out). */
export function findRunnerScript(scripts: Record<string, unknown>, name = 'test'): RunnerScript | null {
  return follow(scripts, name, 0);
}

function follow(scripts: Record<string, unknown>, name: string, depth: number): RunnerScript | null {
  const text = scripts[name];
  if (typeof text !== 'string' || depth > MAX_DEPTH) return null;
  if (splitScript(text)) return { script: text.trim(), from: name, leftOut: [] };
  const parts = andParts(text) ?? (shellWords(text) ? [text.trim()] : null);
  if (!parts) return null;
  for (let i = 0; i < parts.length; i += 1) {
    const others = parts.filter((_, j) => j !== i);
    if (splitScript(parts[i]!)) return { script: parts[i]!, from: name, leftOut: others };
    const called = scriptsCalled(parts[i]!, scripts).filter((t) => t !== name);
    for (const target of called) {
      const found = follow(scripts, target, depth + 1);
      if (found) {
        const siblings = called.filter((t) => t !== target);
        return { ...found, leftOut: [...others, ...siblings.map((s) => `${s}: ${String(scripts[s])}`), ...found.leftOut] };
      }
    }
  }
  return null;
}

/** The parts of `a && b && c`, each a plain command; null for any other shell syntax (`;`, `|`, `||`, `$`…). */
function andParts(text: string): string[] | null {
  const parts = text.split('&&').map((p) => p.trim());
  if (parts.length < 2 || parts.some((p) => p === '' || shellWords(p) === null)) return null;
  return parts;
}

/** The scripts a package-manager call runs (several for pnpm's `/regex/` form, in package.json order). */
function scriptsCalled(part: string, scripts: Record<string, unknown>): string[] {
  const words = shellWords(part);
  if (!words || !MANAGERS.has(words[0]!)) return [];
  const rest = words.slice(1).filter((w) => !w.startsWith('-'));
  const named = RUN_WORDS.has(rest[0] ?? '') ? rest[1] : words[0] === 'npm' || NOT_SCRIPTS.has(rest[0] ?? '') ? undefined : rest[0];
  if (!named) return [];
  const regex = /^\/(.+)\/$/.exec(named);
  if (regex && words[0] === 'pnpm') {
    let pattern: RegExp;
    try {
      pattern = new RegExp(regex[1]!);
    } catch {
      return [];
    }
    return Object.keys(scripts).filter((s) => pattern.test(s));
  }
  return typeof scripts[named] === 'string' ? [named] : [];
}
