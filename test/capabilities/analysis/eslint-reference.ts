/**
 * The reference the complexity tests compare against: ESLint 10's own `complexity` rule with a
 * threshold of 0, so it reports every function with its number. TypeScript goes through
 * typescript-eslint's parser, JavaScript through espree; `.js` files of ESLint itself are CommonJS.
 */
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import path from 'node:path';

export interface ReferenceFunction {
  line: number;
  column: number;
  /** ESLint's name with its first letter lower-cased, e.g. "function 'foo'", "class field initializer". */
  name: string;
  complexity: number;
}

const linter = new Linter({ configType: 'flat' });
const MESSAGE = /^(.*) has a complexity of (\d+)\. Maximum allowed is 0\.$/;

export function eslintComplexity(file: string, source: string, sourceType: 'module' | 'commonjs' = 'module'): ReferenceFunction[] {
  const typescript = /\.[mc]?tsx?$/.test(file);
  const config: Linter.Config[] = [
    {
      files: ['**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs', '**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
      languageOptions: {
        ...(typescript ? { parser: tsParser as Linter.Parser } : {}),
        ecmaVersion: 'latest',
        sourceType,
        parserOptions: { ecmaFeatures: { jsx: true } },
      },
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
      rules: { complexity: ['error', 0] },
    },
  ];
  // A bare file name: ESLint ignores paths under node_modules by default.
  const messages = linter.verify(source, config, { filename: path.basename(file) });
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`ESLint could not parse "${file}": ${fatal.message}`);
  return messages
    .filter((m) => m.ruleId === 'complexity')
    .map((m) => {
      const match = MESSAGE.exec(m.message);
      if (!match) throw new Error(`unexpected complexity message "${m.message}" in "${file}"`);
      const name = match[1]!;
      return { line: m.line, column: m.column, name: name.charAt(0).toLowerCase() + name.slice(1), complexity: Number(match[2]) };
    });
}
