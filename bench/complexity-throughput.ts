/**
 * analysis.complexity throughput in lines per second over a large real code base (every .js file of
 * node_modules/eslint/lib, several hundred normal-sized files), through the capability context as a
 * job step would run it: cold (caches cleared) and warm (the same files again: parse cache and per-file
 * memo hit). Beside the named peer measured in the same run: ESLint 10's Linter with only the
 * `complexity` rule on the same files (read from disk each pass; ESLint has no cross-run cache in the
 * Linter API, so its second pass is its JIT-warm figure).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import { createLocalContext } from '../core/context/index.js';
import { clearCaches } from '../core/cache/index.js';
import { run as complexity } from '../capabilities/analysis/complexity.js';
import type { FileReport } from '../capabilities/analysis/complexity/project-report.js';

interface Pass {
  lines: number;
  functions: number;
  ms: number;
}

async function ours(root: string): Promise<Pass & { files: FileReport[] }> {
  const started = performance.now();
  const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 1_000_000 } });
  const result = await complexity({ include: ['**/*.js'] }, ctx);
  const ms = performance.now() - started;
  const files = (result.data as { files: FileReport[] }).files;
  const lines = files.reduce((sum, f) => sum + f.lines, 0);
  return { files, lines, functions: files.reduce((sum, f) => sum + f.functions.length, 0), ms };
}

async function eslint(root: string, files: string[]): Promise<Pass & { byKey: Map<string, number> }> {
  const linter = new Linter({ configType: 'flat' });
  const config: Linter.Config[] = [
    {
      files: ['**/*.js'],
      languageOptions: { ecmaVersion: 'latest', sourceType: 'commonjs' },
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
      rules: { complexity: ['error', 0] },
    },
  ];
  const byKey = new Map<string, number>();
  let lines = 0;
  const started = performance.now();
  for (const file of files) {
    const source = await readFile(join(root, file), 'utf8');
    lines += source.split('\n').length;
    for (const m of linter.verify(source, config, { filename: 'file.js' })) {
      const count = /complexity of (\d+)/.exec(m.message);
      if (m.ruleId === 'complexity' && count) byKey.set(`${file}:${m.line}:${m.column}`, Number(count[1]));
    }
  }
  return { lines, functions: byKey.size, ms: performance.now() - started, byKey };
}

const rate = (pass: Pass): string =>
  `${Math.round(pass.lines / (pass.ms / 1000))
    .toLocaleString('en-US')
    .padStart(10)} lines/s  (${pass.ms.toFixed(0)} ms)`;

export async function run(): Promise<void> {
  const require = createRequire(import.meta.url);
  const root = join(dirname(require.resolve('eslint/package.json')), 'lib');
  clearCaches();
  const cold = await ours(root);
  const warm = await ours(root);
  const files = cold.files.map((f) => f.file);
  const eslintFirst = await eslint(root, files);
  const eslintSecond = await eslint(root, files);

  let agree = 0;
  for (const file of cold.files) {
    for (const fn of file.functions) if (eslintSecond.byKey.get(`${file.file}:${fn.line}:${fn.column}`) === fn.cyclomatic) agree++;
  }
  console.log(`code base: ${root}: ${files.length} files, ${cold.lines.toLocaleString('en-US')} lines, ${cold.functions} functions`);
  console.log(`analysis.complexity, cold (caches cleared)     ${rate(cold)}`);
  console.log(`analysis.complexity, warm (unchanged files)    ${rate(warm)}`);
  console.log(`peer: ESLint complexity rule only, 1st pass    ${rate(eslintFirst)}`);
  console.log(`peer: ESLint complexity rule only, 2nd pass    ${rate(eslintSecond)}`);
  console.log(`cold vs ESLint 2nd pass: ${(eslintSecond.ms / cold.ms).toFixed(2)}x; warm vs cold: ${(cold.ms / warm.ms).toFixed(1)}x`);
  console.log(`cyclomatic numbers equal to ESLint's: ${agree} of ${eslintSecond.functions} functions (ours measured ${cold.functions})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
