/**
 * Child process of the scan benchmark: ESLint 10 over the corpus with the `complexity` rule and, when
 * it is installed, eslint-plugin-security's recommended rules. Prints one JSON line with its figures.
 */
import { ESLint, type Linter } from 'eslint';

async function securityPlugin(): Promise<{ plugin: unknown; rules: Linter.RulesRecord } | undefined> {
  try {
    const mod = (await import('eslint-plugin-security' as string)) as {
      default?: { configs?: { recommended?: { rules?: Linter.RulesRecord } } };
    };
    const plugin = mod.default ?? mod;
    const rules = (plugin as { configs?: { recommended?: { rules?: Linter.RulesRecord } } }).configs?.recommended?.rules ?? {};
    return { plugin, rules };
  } catch {
    return undefined;
  }
}

const root = process.argv[2]!;
const security = await securityPlugin();
const config: Linter.Config = {
  files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
  languageOptions: { ecmaVersion: 'latest', sourceType: 'commonjs' },
  linterOptions: { reportUnusedDisableDirectives: 'off' },
  rules: { complexity: ['warn', 10], ...(security?.rules ?? {}) },
  ...(security ? { plugins: { security: security.plugin as never } } : {}),
};
const started = performance.now();
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [config], cache: false });
const results = await eslint.lintFiles(['.']);
const ms = performance.now() - started;
const messages = results.flatMap((r) => r.messages);
console.log(
  JSON.stringify({
    ms,
    files: results.length,
    complexity: messages.filter((m) => m.ruleId === 'complexity').length,
    security: messages.filter((m) => m.ruleId?.startsWith('security/')).length,
    securityPlugin: Boolean(security),
    maxRssKB: process.resourceUsage().maxRSS,
  }),
);
