/**
 * The repository's own ESLint, for the review proving ground: its installed `eslint` package (from the
 * repository's node_modules, so its config format, plugins and parser are the ones it uses), run on
 * changed files, problems counted per rule. The bench runs the repository's code on purpose (its config
 * is code); the product runs it only with the project-code permission. Null when the repository has no
 * ESLint config or its ESLint does not load.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const CONFIGS = [
  'eslint.config.js',
  'eslint.config.mjs',
  'eslint.config.cjs',
  'eslint.config.ts',
  '.eslintrc',
  '.eslintrc.js',
  '.eslintrc.cjs',
  '.eslintrc.json',
  '.eslintrc.yml',
  '.eslintrc.yaml',
];

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; fatal?: boolean }[];
}

export interface RepositoryEslint {
  /** "the repository's eslint 9.x, eslint.config.mjs" */
  describe: string;
  /** Problems per changed file (workspace-relative) and rule; a parse error counts as rule "fatal". */
  countByRule(files: string[]): Promise<Map<string, Map<string, number>>>;
}

export async function repositoryEslint(root: string): Promise<RepositoryEslint | null> {
  const config = CONFIGS.find((c) => existsSync(path.join(root, c)));
  if (!config) return null;
  let bin: string;
  let version: string;
  try {
    const require = createRequire(path.join(root, 'package.json'));
    const manifest = require.resolve('eslint/package.json');
    version = (require(manifest) as { version: string }).version;
    bin = path.join(path.dirname(manifest), 'bin', 'eslint.js');
  } catch {
    return null;
  }
  return {
    describe: `the repository's eslint ${version}, ${config}`,
    async countByRule(files) {
      const counts = new Map<string, Map<string, number>>();
      if (files.length === 0) return counts;
      // A process per call: plugins with type information (typescript-eslint, ts-expect) cache the
      // program for the life of the process and would lint the files as they were at the first call.
      const results = await lint(bin, root, files);
      for (const result of results) {
        const rules = new Map<string, number>();
        for (const message of result.messages) {
          const rule = message.ruleId ?? (message.fatal ? 'fatal' : null);
          if (rule) rules.set(rule, (rules.get(rule) ?? 0) + 1);
        }
        counts.set(path.relative(root, result.filePath).split(path.sep).join('/'), rules);
      }
      return counts;
    },
  };
}

function lint(bin: string, root: string, files: string[]): Promise<LintResult[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [bin, '--format', 'json', ...files],
      { cwd: root, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ESLINT_USE_FLAT_CONFIG: undefined } },
      (error, stdout, stderr) => {
        // Exit code 1 means problems were found; the JSON is on stdout either way.
        try {
          resolve(JSON.parse(stdout) as LintResult[]);
        } catch {
          reject(new Error(`eslint failed in ${root}: ${(stderr || String(error)).slice(0, 400)}`));
        }
      },
    );
  });
}
