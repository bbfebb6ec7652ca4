/** Styling and theming: CSS modules, Tailwind, CSS-in-JS libraries, plain CSS, and a theme file. */
import { basename } from 'node:path';
import type { Styling } from '../contracts/index.js';
import { hasAnyDep, type ProjectFiles } from './project-files.js';

const STYLESHEET = /\.(css|scss|sass|less)$/;
const MODULE_STYLESHEET = /\.module\.(css|scss|sass|less)$/;
const TAILWIND_CONFIGS = ['tailwind.config.js', 'tailwind.config.cjs', 'tailwind.config.mjs', 'tailwind.config.ts'];
const THEME_FILE = /^(theme|themes|tokens|design-tokens)\.(ts|tsx|js|jsx|mjs|cjs|json|css|scss)$/;
const THEME_INDEX = /(^|\/)themes?\/index\.(ts|tsx|js|jsx|mjs)$/;

/** A stylesheet that only pulls Tailwind in is Tailwind, not plain CSS. */
async function isTailwindEntry(files: ProjectFiles, sheet: string): Promise<boolean> {
  const text = (await files.read(sheet)) ?? '';
  return /@tailwind\b|@import\s+["']tailwindcss/.test(text);
}

/** How many non-module stylesheets are looked at (their content decides Tailwind entry vs plain CSS). */
const SHEETS_READ = 50;

/** Tailwind v4 is set up by its bundler plugin or CLI and a CSS `@import "tailwindcss"`, with no config file. */
const TAILWIND_DEPS = ['tailwindcss', '@tailwindcss/vite', '@tailwindcss/postcss', '@tailwindcss/cli'];

/**
 * Of the non-module stylesheets: whether one pulls Tailwind in, and whether one is plain CSS. Reading
 * stops as soon as nothing more can be learnt (`tailwindKnown`: package.json or a config already said so).
 */
async function classifySheets(
  files: ProjectFiles,
  sheets: string[],
  tailwindKnown: boolean,
): Promise<{ tailwind: boolean; plain: boolean }> {
  const found = { tailwind: tailwindKnown, plain: false };
  for (const sheet of sheets.filter((file) => !MODULE_STYLESHEET.test(file)).slice(0, SHEETS_READ)) {
    if (await isTailwindEntry(files, sheet)) found.tailwind = true;
    else found.plain = true;
    if (found.tailwind && found.plain) break;
  }
  return found;
}

export async function detectStyling(files: ProjectFiles): Promise<Styling[]> {
  const found: Styling[] = [];
  const sheets = files.files.filter((file) => STYLESHEET.test(file));
  const tailwindDeclared = hasAnyDep(files, TAILWIND_DEPS) || TAILWIND_CONFIGS.some((name) => files.rootEntries.has(name));
  const classified = await classifySheets(files, sheets, tailwindDeclared);
  if (sheets.some((file) => MODULE_STYLESHEET.test(file))) found.push('css-modules');
  if (classified.tailwind) found.push('tailwind');
  if (hasAnyDep(files, ['styled-components'])) found.push('styled-components');
  if (hasAnyDep(files, ['@emotion/react', '@emotion/styled', '@emotion/css'])) found.push('emotion');
  if (classified.plain) found.push('plain-css');
  return found.length > 0 ? found : ['none'];
}

/** The shallowest theme file (theme.ts, tokens.js, theme/index.ts, ...), or null. */
export function detectThemeFile(files: ProjectFiles): string | null {
  const candidates = files.files.filter((file) => THEME_FILE.test(basename(file)) || THEME_INDEX.test(file));
  candidates.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  return candidates[0] ?? null;
}
