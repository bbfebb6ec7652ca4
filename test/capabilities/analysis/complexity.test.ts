import { expect } from 'chai';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../core/context/index.js';
import { cacheStats } from '../../../core/cache/index.js';
import { loadRegistry } from '../../../core/registry/index.js';
import type { Finding, StepResult } from '../../../core/index.js';
import { meta, run } from '../../../capabilities/analysis/complexity.js';
import type { ComplexityInput } from '../../../capabilities/analysis/complexity/options.js';
import type { FileReport } from '../../../capabilities/analysis/complexity/project-report.js';
import { eslintComplexity } from './eslint-reference.js';

// Compiled to dist/test/capabilities/analysis/: the repository root is four levels up.
const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const reactApp = path.join(repo, 'fixtures', 'react-ts-app');
const expressApi = path.join(repo, 'fixtures', 'express-ts-api');
const eslintLib = path.join(repo, 'node_modules', 'eslint', 'lib');

interface Report {
  result: StepResult;
  files: FileReport[];
}

async function analyse(root: string, input: ComplexityInput = {}): Promise<Report> {
  const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 10_000 } });
  const result = await run(input, ctx);
  return { result, files: (result.data as { files: FileReport[] }).files };
}

const byPosition = <T extends { line: number; column: number }>(a: T, b: T): number => a.line - b.line || a.column - b.column;

describe('capabilities/analysis/complexity', () => {
  describe('cyclomatic complexity equals ESLint complexity rule for every function', () => {
    const projects = [
      { name: 'the React fixture (TS, TSX)', root: reactApp, input: {}, sourceType: 'module' as const, minFiles: 12 },
      { name: 'the Express fixture (TS)', root: expressApi, input: {}, sourceType: 'module' as const, minFiles: 10 },
      {
        name: 'ESLint lib/linter and lib/rules/no-*',
        root: eslintLib,
        input: { include: ['linter/**', 'rules/no-*.js'] },
        sourceType: 'commonjs' as const,
        minFiles: 100,
      },
    ];
    for (const project of projects) {
      it(`on ${project.name}`, async () => {
        const { files } = await analyse(project.root, project.input);
        expect(files.length).to.be.at.least(project.minFiles);
        let compared = 0;
        for (const file of files) {
          const source = await readFile(path.join(project.root, file.file), 'utf8');
          const reference = eslintComplexity(file.file, source, project.sourceType).sort(byPosition);
          const ours = file.functions
            .map((f) => ({ line: f.line, column: f.column, name: f.name, complexity: f.cyclomatic }))
            .sort(byPosition);
          expect(ours, file.file).to.deep.equal(reference);
          compared += reference.length;
        }
        expect(compared).to.be.at.least(files.length);
      });
    }
  });

  describe('findings', () => {
    it('flags the deliberately complex fixture functions, with severity by how far over the threshold', async () => {
      const { result } = await analyse(reactApp);
      const cyclomatic = result.findings!.filter((f) => f.ruleId === 'complexity/cyclomatic');
      const score = cyclomatic.find((f) => f.file === 'src/lib/priority.ts' && f.message.startsWith("Function 'urgencyScore'"));
      expect(score, 'urgencyScore is reported').to.not.equal(undefined);
      const value = score!.data!.value as number;
      expect(value).to.be.above(10);
      expect(score!.severity).to.equal(value <= 15 ? 'low' : value <= 25 ? 'medium' : 'high');
      expect(result.findings!.some((f) => f.ruleId === 'complexity/cognitive' && f.file === 'src/components/TaskSummary.tsx')).to.equal(
        true,
      );
    });

    it('reports only values above their thresholds, and nothing when the thresholds are high', async () => {
      const { result } = await analyse(expressApi, { thresholds: { cyclomatic: 5, params: 3 } });
      const findings = result.findings as Finding[];
      expect(findings.some((f) => f.ruleId === 'complexity/params' && f.message.includes("'priceOrder'"))).to.equal(true);
      for (const f of findings) expect(f.data!.value as number, f.message).to.be.above(f.data!.threshold as number);
      const relaxed = await analyse(expressApi, {
        thresholds: { cyclomatic: 99, cognitive: 99, nesting: 99, params: 99, lines: 999, maintainability: 0 },
      });
      expect(relaxed.result.findings).to.deep.equal([]);
    });
  });

  describe('data', () => {
    it('holds every function with its metrics and every file with a maintainability index', async () => {
      const { files, result } = await analyse(expressApi, { include: ['src/services/**'] });
      expect(files.map((f) => f.file)).to.deep.equal(['src/services/order-service.ts', 'src/services/pricing.ts']);
      const price = files[1]!.functions.find((f) => f.name === "function 'priceOrder'")!;
      expect(price).to.include({ kind: 'function', params: 4, nesting: 2, line: 27, column: 8 });
      expect(price.lines).to.equal(price.endLine - price.line + 1);
      expect(price.cognitive).to.be.above(price.cyclomatic - 1);
      for (const file of files) expect(file.maintainability).to.be.within(0, 100);
      expect((result.data as { totals: { files: number } }).totals.files).to.equal(2);
    });

    it('skips declaration files and files outside the include globs', async () => {
      const { files } = await analyse(reactApp, { include: ['src/**'], exclude: ['**/*.test.ts'] });
      const names = files.map((f) => f.file);
      expect(names).to.not.include('src/css-modules.d.ts');
      expect(names.some((n) => n.endsWith('.test.ts'))).to.equal(false);
      expect(names).to.include('src/App.tsx');
    });
  });

  describe('per-file cache', () => {
    let copy: string;
    before(async () => {
      copy = await mkdtemp(path.join(tmpdir(), 'agentd-complexity-'));
      await cp(expressApi, copy, { recursive: true });
    });
    after(async () => {
      await rm(copy, { recursive: true, force: true });
    });

    it('reuses metrics of unchanged files and re-measures a changed one', async () => {
      const first = await analyse(copy);
      const before = cacheStats().memo;
      const second = await analyse(copy);
      const afterUnchanged = cacheStats().memo;
      expect(afterUnchanged.hits - before.hits).to.equal(first.files.length);
      expect(afterUnchanged.misses).to.equal(before.misses);
      expect(second.files).to.deep.equal(first.files);

      const target = path.join(copy, 'src', 'services', 'pricing.ts');
      await writeFile(
        target,
        `${await readFile(target, 'utf8')}\nexport const isFree = (cents: number): boolean => cents === 0 || cents < 0;\n`,
      );
      const third = await analyse(copy);
      const afterChange = cacheStats().memo;
      expect(afterChange.misses - afterUnchanged.misses).to.equal(1);
      const pricing = third.files.find((f) => f.file === 'src/services/pricing.ts')!;
      expect(pricing.functions.at(-1)).to.include({ name: 'arrow function', cyclomatic: 2 });
    });
  });

  describe('meta', () => {
    it('is accepted by the registry and its inputSchema validates thresholds and globs', async () => {
      const registry = await loadRegistry({
        roots: [],
        modules: [fileURLToPath(new URL('../../../capabilities/analysis/complexity.js', import.meta.url))],
      });
      expect(registry.list()).to.deep.equal([meta]);
      expect(registry.validateInput('analysis.complexity', { include: ['src/**'], thresholds: { cyclomatic: 20 } }).valid).to.equal(true);
      const bad = registry.validateInput('analysis.complexity', { include: 'src', thresholds: { cyclomatic: 0, depth: 3 } });
      expect(bad.errors.map((e) => e.path).sort()).to.deep.equal(['/include', '/thresholds/cyclomatic', '/thresholds/depth']);
    });
  });
});
