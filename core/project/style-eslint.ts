/**
 * Code style from ESLint's `quotes`, `semi` and `indent` rules (core, @stylistic and
 * @typescript-eslint spellings), read from the config text without running it: a flat config is
 * JavaScript, and detection must not execute the project's code.
 */
import type { ProjectFiles } from './project-files.js';
import type { PartialStyle, StyleFinding } from './style-types.js';

const FLAT = ['eslint.config.js', 'eslint.config.mjs', 'eslint.config.cjs', 'eslint.config.ts', 'eslint.config.mts', 'eslint.config.cts'];
const LEGACY = ['.eslintrc', '.eslintrc.json', '.eslintrc.js', '.eslintrc.cjs', '.eslintrc.yaml', '.eslintrc.yml'];

const RULE_PREFIX = String.raw`(?:^|[\s{,'"/])(?:@stylistic\/(?:js\/|ts\/)?|@typescript-eslint\/)?`;
const SEVERITY = String.raw`["']?(?:error|warn|2|1)["']?`;
// Matches `rule: ['error', 'x']`, `"rule": [2, "x"]` and YAML's `rule: [error, x]` / block lists.
function ruleOption(rule: string, option: string): RegExp {
  return new RegExp(`${RULE_PREFIX}${rule}["']?\\s*:\\s*\\[?\\s*-?\\s*${SEVERITY}\\s*(?:,|\\n\\s*-)\\s*["']?(${option})`, 'm');
}

const QUOTES = ruleOption('quotes', 'single|double');
const SEMI = ruleOption('semi', 'always|never');
const SEMI_BARE = new RegExp(`${RULE_PREFIX}semi["']?\\s*:\\s*${SEVERITY}\\s*[,}\\n]`, 'm');
const INDENT = ruleOption('indent', String.raw`tab|\d+`);

export function styleFromEslintText(text: string): PartialStyle {
  const style: PartialStyle = {};
  const quotes = QUOTES.exec(text)?.[1];
  if (quotes === 'single' || quotes === 'double') style.quotes = quotes;
  const semi = SEMI.exec(text)?.[1];
  if (semi) style.semicolons = semi === 'always';
  else if (SEMI_BARE.test(text)) style.semicolons = true;
  const indent = INDENT.exec(text)?.[1];
  if (indent === 'tab') style.indentStyle = 'tab';
  else if (indent) Object.assign(style, { indentStyle: 'space', indentSize: Number(indent) });
  return style;
}

export async function eslintStyle(files: ProjectFiles): Promise<StyleFinding | null> {
  const configFiles = [...FLAT, ...LEGACY].filter((name) => files.rootEntries.has(name));
  const texts = await Promise.all(configFiles.map((name) => files.read(name)));
  if (files.packageJson?.eslintConfig !== undefined) {
    configFiles.push('package.json');
    texts.push(JSON.stringify(files.packageJson.eslintConfig, null, 1));
  }
  if (configFiles.length === 0) return null;
  // The first config that states a rule wins, as ESLint uses the first config it finds.
  const style: PartialStyle = {};
  for (const text of texts) {
    const found = styleFromEslintText(text ?? '');
    for (const [key, value] of Object.entries(found)) {
      if (style[key as keyof PartialStyle] === undefined) Object.assign(style, { [key]: value });
    }
  }
  return { source: 'eslint', style, configFiles };
}
