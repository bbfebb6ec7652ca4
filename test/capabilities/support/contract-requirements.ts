/**
 * What every registered first-party capability must have (issue #19's one contract), one entry per
 * requirement: add a requirement here (e.g. planning metadata) and the meta-test checks it for every
 * capability. `missing` returns why the capability fails it, or null when it meets it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CapabilityMeta } from '../../../core/index.js';
import { REPO } from './sample-runs.js';

export interface ContractRequirement {
  /** Also the key of known-gaps.json. */
  name: string;
  missing(meta: CapabilityMeta): string | null;
}

function filesUnder(folder: string, suffix: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(suffix))
    .map((f) => path.join(folder, f));
}

/** `#`-headings of every Markdown file under docs/, read once. */
let headings: string[] | undefined;
function docHeadings(): string[] {
  headings ??= filesUnder(path.join(REPO, 'docs'), '.md').flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line)),
  );
  return headings;
}

const TESTER_USE = /CapabilityTester|ruleTable\(|runCases\(/;

export const REQUIREMENTS: ContractRequirement[] = [
  {
    // Convention (test/README.md): test/capabilities/<group>/**/<name>.tester.test.ts declares the capability's CapabilityTester suite.
    name: 'tester suite',
    missing(meta) {
      const name = meta.id.slice(meta.group.length + 1);
      const suites = filesUnder(path.join(REPO, 'test', 'capabilities', meta.group), `${name}.tester.test.ts`).filter(
        (f) => path.basename(f) === `${name}.tester.test.ts`,
      );
      if (suites.length === 0) return `no test/capabilities/${meta.group}/**/${name}.tester.test.ts`;
      return suites.some((f) => TESTER_USE.test(readFileSync(f, 'utf8')))
        ? null
        : `${suites.map((f) => path.relative(REPO, f)).join(', ')} declares no CapabilityTester suite`;
    },
  },
  {
    name: 'docs section',
    missing(meta) {
      const pattern = new RegExp(`(^|[^\\w.-])${meta.id.replace(/[.]/g, '\\.')}($|[^\\w-])`);
      return docHeadings().some((h) => pattern.test(h)) ? null : `no heading naming ${meta.id} in docs/**/*.md`;
    },
  },
  {
    // Composition goes through ctx.invoke (the job's budget, limits and cancellation), never through another module's run().
    name: 'composes through ctx.invoke',
    missing(meta) {
      const name = meta.id.slice(meta.group.length + 1);
      const groupDir = path.join(REPO, 'capabilities', meta.group);
      const own = [path.join(groupDir, `${name}.ts`), ...filesUnder(path.join(groupDir, name), '.ts')];
      for (const file of own.filter((f) => existsSync(f))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
          if (!/(^|[\s,])run\b/.test(m[1]!)) continue;
          const target = path.resolve(path.dirname(file), m[2]!.replace(/\.js$/, '.ts'));
          if (path.dirname(path.dirname(target)) === path.join(REPO, 'capabilities') && target !== own[0])
            return `${path.relative(REPO, file)} imports run() from ${path.relative(REPO, target)}`;
        }
      }
      return null;
    },
  },
];
