/**
 * Code style from a Prettier config, resolved by Prettier itself (its defaults fill the gaps) — when
 * the config is data. A config that is code (prettier-config-kind.ts) is never loaded here: detection
 * runs no project code, so its style comes from the next source (ESLint, EditorConfig, the sources).
 */
import { join } from 'node:path';
import type * as prettier from 'prettier';
import { loadPrettier } from './load-prettier.js';
import { namesPlugins, prettierConfigRunsCode } from './prettier-config-kind.js';
import type { ProjectFiles } from './project-files.js';
import type { StyleFinding } from './style-types.js';

// Prettier's own search order: the package.json "prettier" key first, then the rc files.
const PRETTIER_FILES = [
  '.prettierrc',
  '.prettierrc.json',
  '.prettierrc.yaml',
  '.prettierrc.yml',
  '.prettierrc.json5',
  '.prettierrc.js',
  '.prettierrc.cjs',
  '.prettierrc.mjs',
  '.prettierrc.ts',
  '.prettierrc.cts',
  '.prettierrc.mts',
  '.prettierrc.toml',
  'prettier.config.js',
  'prettier.config.cjs',
  'prettier.config.mjs',
  'prettier.config.ts',
  'prettier.config.cts',
  'prettier.config.mts',
];

/** The Prettier config file of the root (relative), or null. Never looks above the root. */
export function findPrettierConfig(files: ProjectFiles): string | null {
  if (files.packageJson?.prettier !== undefined) return 'package.json';
  return PRETTIER_FILES.find((name) => files.rootEntries.has(name)) ?? null;
}

export async function prettierStyle(files: ProjectFiles): Promise<StyleFinding | null> {
  const configFile = findPrettierConfig(files);
  if (!configFile) return null;
  const unknownStyle = (runsCode: boolean): StyleFinding => ({
    source: 'prettier',
    style: {},
    configFiles: [configFile],
    prettier: { configFile, runsCode },
  });
  if (await prettierConfigRunsCode(configFile, (await files.read(configFile)) ?? '')) return unknownStyle(true);
  let options: prettier.Options | null;
  try {
    options = await (
      await loadPrettier()
    ).resolveConfig(join(files.root, 'index.ts'), { config: join(files.root, configFile), editorconfig: false });
  } catch {
    // A config Prettier cannot load says nothing reliable about the style.
    return unknownStyle(false);
  }
  const resolved = options ?? {};
  return {
    prettier: { configFile, runsCode: namesPlugins(resolved) },
    source: 'prettier',
    style: {
      quotes: resolved.singleQuote ? 'single' : 'double',
      semicolons: resolved.semi ?? true,
      indentStyle: resolved.useTabs ? 'tab' : 'space',
      indentSize: resolved.tabWidth ?? 2,
    },
    configFiles: [configFile],
  };
}
