/**
 * The repository's own ESLint, for the review proving ground: its installed `eslint` package (from the
 * repository's node_modules, so its config format, plugins and parser are the ones it uses), run on
 * changed files, problems counted per rule. The bench runs the repository's code on purpose (its config
 * is code); the product runs it only with the project-code permission. Null when the repository has no
 * ESLint config or its ESLint does not load.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

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

interface LintMessage {
  ruleId: string | null;
  fatal?: boolean;
}
interface LintResult {
  filePath: string;
  messages: LintMessage[];
}
interface EslintInstance {
  lintFiles(files: string[]): Promise<LintResult[]>;
}
interface EslintModule {
  ESLint: new (options: { cwd: string }) => EslintInstance;
  loadESLint?: (options: { cwd: string }) => Promise<new (options: { cwd: string }) => EslintInstance>;
}

export interface RepositoryEslint {
  /** "eslint 9.x, eslint.config.mjs" */
  describe: string;
  /** Problems per changed file (workspace-relative) and rule; a parse error counts as rule "fatal". */
  countByRule(files: string[]): Promise<Map<string, Map<string, number>>>;
}

export async function repositoryEslint(root: string): Promise<RepositoryEslint | null> {
  const config = CONFIGS.find((c) => existsSync(path.join(root, c)));
  if (!config) return null;
  let module: EslintModule;
  let version: string;
  try {
    const require = createRequire(path.join(root, 'package.json'));
    module = (await import(pathToFileURL(require.resolve('eslint')).href)) as EslintModule;
    version = (require('eslint/package.json') as { version: string }).version;
  } catch {
    return null;
  }
  const Eslint = module.loadESLint ? await module.loadESLint({ cwd: root }) : module.ESLint;
  return {
    describe: `the repository's eslint ${version}, ${config}`,
    async countByRule(files) {
      const counts = new Map<string, Map<string, number>>();
      if (files.length === 0) return counts;
      // A fresh instance per call: typed rules cache the program, and the files change between calls.
      const eslint = new Eslint({ cwd: root });
      for (const result of await eslint.lintFiles(files.map((f) => path.join(root, f)))) {
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
