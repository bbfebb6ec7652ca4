/**
 * Which ESLint configuration lints the workspace. With `useProjectConfig` (the default) a flat config
 * `eslint.config.{js,mjs,cjs,ts,mts,cts}` in the workspace root is used as the project wrote it:
 * loading it RUNS THAT FILE'S CODE (and the plugins it imports, resolved from the workspace's own
 * node_modules), so it is loaded only by eslint-runner.ts in agentd's sandbox, and only with the
 * project-code permission (project-lint.ts). Otherwise agentd's recommended config: ESLint's own
 * recommended rules (the rules whose meta.docs.recommended is true, as @eslint/js "recommended"
 * lists them) with `no-undef` off (agentd cannot know the runtime's globals), plus typescript-eslint's
 * recommended config for .ts/.tsx/.mts/.cts files, both from agentd's own dependencies.
 */
import type { Linter } from 'eslint';
import { builtinRules } from 'eslint/use-at-your-own-risk';

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];

function coreRecommendedRules(): Linter.RulesRecord {
  const rules: Linter.RulesRecord = {};
  for (const [name, rule] of builtinRules) {
    if (rule.meta?.docs?.recommended && !rule.meta.deprecated) rules[name] = 'error';
  }
  rules['no-undef'] = 'off';
  return rules;
}

/** typescript-eslint is loaded lazily: without it the recommended config still lints JavaScript. */
async function typescriptConfigs(): Promise<Linter.Config[] | undefined> {
  try {
    const tseslint = (await import('typescript-eslint')).default;
    // Scoped to TypeScript files: JavaScript keeps ESLint's own parser and rules.
    return (tseslint.configs.recommended as Linter.Config[]).map((config) => ({ ...config, files: config.files ?? TS_FILES }));
  } catch {
    return undefined;
  }
}

export interface RecommendedConfig {
  config: Linter.Config[];
  typescript: boolean;
}

export async function recommendedConfig(): Promise<RecommendedConfig> {
  const ts = await typescriptConfigs();
  const config: Linter.Config[] = [
    {
      name: 'agentd/javascript',
      files: ['**/*.{js,mjs,cjs,jsx,ts,tsx,mts,cts}'],
      languageOptions: { ecmaVersion: 'latest', sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
      linterOptions: { reportUnusedDisableDirectives: 'off' },
      rules: coreRecommendedRules(),
    },
    ...(ts ?? []),
  ];
  return { config, typescript: ts !== undefined };
}
