/**
 * `node probe-exports.js <module>` with calls as JSON on stdin: `[{ fn, args }]`. Imports the module
 * and calls each export three times with the arguments, and prints for each call either the result
 * (when it is plain JSON data and the same every time), the error thrown (name, message; the same every
 * time), or why it was not kept (not deterministic, not plain data, a promise). Runs inside the sandbox
 * (testing.unit) — agentd's code running the project's code; never imported by agentd itself.
 */
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

interface Call {
  fn: string;
  args: unknown[];
}

type Outcome = { kind: 'returns'; value: unknown } | { kind: 'throws'; name: string; message: string } | { kind: 'skip'; reason: string };

function plain(value: unknown, depth = 0): boolean {
  if (depth > 6) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (value === undefined) return depth === 0;
  if (Array.isArray(value)) return value.every((v) => plain(v, depth + 1) && v !== undefined);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value as object).every((v) => v !== undefined && plain(v, depth + 1));
  return false;
}

function once(fn: (...args: unknown[]) => unknown, args: unknown[]): Outcome {
  try {
    const value = fn(...structuredClone(args));
    if (value && typeof (value as { then?: unknown }).then === 'function') return { kind: 'skip', reason: 'returns a promise' };
    return plain(value) ? { kind: 'returns', value } : { kind: 'skip', reason: 'the result is not plain data' };
  } catch (error) {
    const e = error as { name?: unknown; message?: unknown };
    return typeof e?.name === 'string' && typeof e.message === 'string'
      ? { kind: 'throws', name: e.name, message: e.message }
      : { kind: 'skip', reason: 'throws something that is not an Error' };
  }
}

async function main(): Promise<void> {
  const file = process.argv[2]!;
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const calls = JSON.parse(input) as Call[];
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const out: Outcome[] = [];
  for (const call of calls) {
    const fn = call.fn === 'default' ? mod.default : mod[call.fn];
    if (typeof fn !== 'function') {
      out.push({ kind: 'skip', reason: 'not a function export' });
      continue;
    }
    const runs = [
      once(fn as (...a: unknown[]) => unknown, call.args),
      once(fn as (...a: unknown[]) => unknown, call.args),
      once(fn as (...a: unknown[]) => unknown, call.args),
    ];
    out.push(runs.every((r) => isDeepStrictEqual(r, runs[0])) ? runs[0]! : { kind: 'skip', reason: 'not deterministic' });
  }
  process.stdout.write(`\n@@agentd-probe@@${JSON.stringify(out)}\n`);
}

await main();
