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

async function hasPlainCss(files: ProjectFiles, sheets: string[]): Promise<boolean> {
  const plain = sheets.filter((file) => !MODULE_STYLESHEET.test(file)).slice(0, 50);
  for (const sheet of plain) if (!(await isTailwindEntry(files, sheet))) return true;
  return false;
}

export async function detectStyling(files: ProjectFiles): Promise<Styling[]> {
  const found: Styling[] = [];
  const sheets = files.files.filter((file) => STYLESHEET.test(file));
  if (sheets.some((file) => MODULE_STYLESHEET.test(file))) found.push('css-modules');
  if (hasAnyDep(files, ['tailwindcss']) || TAILWIND_CONFIGS.some((name) => files.rootEntries.has(name))) found.push('tailwind');
  if (hasAnyDep(files, ['styled-components'])) found.push('styled-components');
  if (hasAnyDep(files, ['@emotion/react', '@emotion/styled', '@emotion/css'])) found.push('emotion');
  if (await hasPlainCss(files, sheets)) found.push('plain-css');
  return found.length > 0 ? found : ['none'];
}

/** The shallowest theme file (theme.ts, tokens.js, theme/index.ts, ...), or null. */
export function detectThemeFile(files: ProjectFiles): string | null {
  const candidates = files.files.filter((file) => THEME_FILE.test(basename(file)) || THEME_INDEX.test(file));
  candidates.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  return candidates[0] ?? null;
}
