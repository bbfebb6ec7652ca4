/**
 * Whether loading a Prettier config runs the project's code. JS/TS configs are code. A data config
 * (JSON, JSON5, YAML, TOML, package.json's "prettier" key) is data — unless its value is a string,
 * which Prettier resolves as a shared config MODULE and loads (`require`/`import` from the project's
 * node_modules). Decided exactly, by parsing, because a wrong "data" here would run project code
 * inside agentd: YAML with Prettier's own YAML config parser, JSON5 by its first token.
 */
import path from 'node:path';

const CODE_EXTENSIONS = new Set(['.js', '.cjs', '.mjs', '.ts', '.cts', '.mts']);

async function yamlValue(text: string): Promise<unknown> {
  const yaml = (await import('prettier/plugins/yaml')) as unknown as { __parsePrettierYamlConfig(text: string): unknown };
  return yaml.__parsePrettierYamlConfig(text);
}

/** JSON5's first token after whitespace and comments: an object starts with "{" (anything else is no config object). */
function json5StartsWithObject(text: string): boolean {
  const stripped = text.replace(/^(?:\s+|\/\/[^\n]*\n?|\/\*[\s\S]*?\*\/)*/, '');
  return stripped.startsWith('{');
}

function parseJson(text: string): unknown {
  return JSON.parse(text.replace(/^\uFEFF/, ''));
}

/**
 * True when loading `configFile` (relative to the root) would execute code; `text` is its content. An
 * unparsable data file counts as data: Prettier fails on it without running anything.
 */
export async function prettierConfigRunsCode(configFile: string, text: string): Promise<boolean> {
  const name = path.posix.basename(configFile);
  const extension = path.posix.extname(name);
  if (CODE_EXTENSIONS.has(extension)) return true;
  if (extension === '.toml') return false;
  if (extension === '.json5') return !json5StartsWithObject(text);
  try {
    if (name === 'package.json') return typeof (parseJson(text) as { prettier?: unknown }).prettier === 'string';
    if (extension === '.json') return typeof parseJson(text) === 'string';
    return typeof (await yamlValue(text)) === 'string';
  } catch {
    return false;
  }
}

/** Whether resolved options name plugins (plugins are code, loaded when formatting). */
export function namesPlugins(options: { plugins?: unknown } | null | undefined): boolean {
  return Array.isArray(options?.plugins) && options.plugins.length > 0;
}
