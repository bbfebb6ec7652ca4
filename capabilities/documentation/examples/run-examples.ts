/**
 * The child program documentation.examples runs its examples in (through `ctx.tools.runCommand`, in
 * agentd's sandbox, with the project-code permission). stdin: `{ modules, transpiled, root, examples, timeoutMs }` —
 * `modules` maps each public specifier to its entry module's absolute path (example-hooks.ts resolves
 * them), `transpiled` the JavaScript of each TypeScript module by absolute path, each example is an ES module (already JavaScript) whose default export runs it and throws on a
 * mismatch. One process for a batch of examples, each with its own instances of the workspace's modules
 * (example-hooks.ts) and its own time limit; what an
 * example prints is its own. The results follow RESULTS_MARKER on stdout as JSON, one per example:
 * `pass`, `fail` (it threw, or its result differs from the one shown) or `not-run` (its imports could
 * not be loaded: the example was not what failed).
 */
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { RESULTS_MARKER, type ExampleJob, type ExampleRun } from './runner-protocol.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 500);
  return String(error).slice(0, 500);
}

async function runOne(job: ExampleJob, timeoutMs: number): Promise<ExampleRun> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const mod = (await import(`data:text/javascript;base64,${Buffer.from(job.js).toString('base64')}`)) as {
      default: () => Promise<void>;
    };
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not finish within ${timeoutMs} ms`)), timeoutMs);
    });
    await Promise.race([mod.default(), limit]);
    return { id: job.id, status: 'pass' };
  } catch (error) {
    const loading = (error as { agentdExampleLoad?: boolean } | null)?.agentdExampleLoad === true;
    return { id: job.id, status: loading ? 'not-run' : 'fail', message: describe(loading ? (error as { cause?: unknown }).cause : error) };
  } finally {
    clearTimeout(timer);
  }
}

async function main(): Promise<void> {
  const input = JSON.parse(await readStdin()) as {
    modules: Record<string, string>;
    transpiled: Record<string, string>;
    root: string;
    examples: ExampleJob[];
    timeoutMs: number;
  };
  register(new URL('./example-hooks.js', import.meta.url), {
    data: { modules: input.modules, transpiled: input.transpiled, root: input.root },
  });
  const results: ExampleRun[] = [];
  for (const job of input.examples) results.push(await runOne(job, input.timeoutMs));
  process.stdout.write(`\n${RESULTS_MARKER}${JSON.stringify(results)}\n`);
  // An example may leave timers or sockets open: the results are out, the process ends.
  process.exit(0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
