/**
 * The peers of analysis.security that run as ESLint plugins (ESLint 10 flat config through the Linter
 * API; typescript-eslint's parser for TS/TSX): eslint-plugin-security (the project's devDependency) and,
 * installed at bench time, eslint-plugin-security-node and eslint-plugin-no-unsanitized. A rule that
 * throws on ESLint 10 (old plugins call removed context APIs) is left out and named, not hidden.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';

export interface PeerPlugin {
  name: string;
  version: string;
  prefix: string;
  plugin: { rules: Record<string, unknown> };
  rules: string[];
}

export interface PeerRun {
  /** `file:line` -> rule ids reported there. */
  byLine: Map<string, string[]>;
  ms: number;
  /** Rules left out because they threw. */
  broken: string[];
}

const local = createRequire(import.meta.url);

export function eslintPluginSecurity(): PeerPlugin {
  const plugin = local('eslint-plugin-security') as {
    rules: Record<string, unknown>;
    configs: { recommended: { rules: Record<string, unknown> } };
  };
  const version = (local('eslint-plugin-security/package.json') as { version: string }).version;
  return {
    name: 'eslint-plugin-security',
    version,
    prefix: 'security',
    plugin,
    rules: Object.keys(plugin.configs.recommended.rules).map((r) => r.replace(/^security\//, '')),
  };
}

/** Every rule a plugin defines (those plugins' recommended sets are all their rules, or they have none). */
export function allRulesOf(name: string, version: string, prefix: string, plugin: { rules: Record<string, unknown> }): PeerPlugin {
  return { name, version, prefix, plugin, rules: Object.keys(plugin.rules) };
}

function configFor(peer: PeerPlugin, rules: string[]): Linter.Config[] {
  const base: Linter.Config = {
    plugins: { [peer.prefix]: peer.plugin as never },
    rules: Object.fromEntries(rules.map((r) => [`${peer.prefix}/${r}`, 'warn'])),
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
  };
  return [
    {
      ...base,
      files: ['**/*.js', '**/*.cjs', '**/*.mjs', '**/*.jsx'],
      languageOptions: { ecmaVersion: 'latest', sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
    },
    {
      ...base,
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser as Linter.Parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    },
  ];
}

/** Runs the peer over files (relative to their root); the first file decides which rules work. */
export function runPeer(peer: PeerPlugin, files: { root: string; file: string; key: string }[]): PeerRun {
  const linter = new Linter({ configType: 'flat' });
  const broken: string[] = [];
  let rules = [...peer.rules];
  const byLine = new Map<string, string[]>();
  const started = performance.now();
  for (const f of files) {
    const source = readFileSync(path.join(f.root, f.file), 'utf8');
    let messages: Linter.LintMessage[];
    try {
      messages = linter.verify(source, configFor(peer, rules), { filename: f.file });
    } catch {
      // Find the rules that throw, leave them out, lint the file again.
      for (const r of rules) {
        try {
          linter.verify(source, configFor(peer, [r]), { filename: f.file });
        } catch {
          broken.push(r);
        }
      }
      rules = rules.filter((r) => !broken.includes(r));
      messages = linter.verify(source, configFor(peer, rules), { filename: f.file });
    }
    for (const m of messages) {
      if (!m.ruleId?.startsWith(`${peer.prefix}/`)) continue; // parse errors
      const k = `${f.key}:${m.line}`;
      byLine.set(k, [...(byLine.get(k) ?? []), m.ruleId]);
    }
  }
  return { byLine, ms: performance.now() - started, broken };
}
