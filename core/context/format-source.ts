/**
 * `tools.format`: Prettier with the project's own settings for that file. A Prettier config in the
 * root is resolved for the file's path (its overrides apply); without one, the detected code style
 * (ESLint, EditorConfig or inferred) becomes Prettier's options, so output matches the project.
 */
import { join } from 'node:path';
import type * as prettier from 'prettier';
import { loadPrettier } from '../project/load-prettier.js';
import type { CodeStyle } from '../contracts/index.js';

export interface FormatOptions {
  /** Real root of the workspace. */
  root: string;
  /** POSIX path relative to the root. */
  path: string;
  codeStyle: CodeStyle;
  /** The Prettier config of the root (relative), or null. */
  prettierConfig: string | null;
}

function optionsFromStyle(style: CodeStyle): prettier.Options {
  return {
    singleQuote: style.quotes === 'single',
    semi: style.semicolons,
    useTabs: style.indent.style === 'tab',
    tabWidth: style.indent.size,
  };
}

export async function formatSource(source: string, options: FormatOptions): Promise<string> {
  const filepath = join(options.root, ...options.path.split('/'));
  const prettier = await loadPrettier();
  const resolved = options.prettierConfig
    ? await prettier.resolveConfig(filepath, { config: join(options.root, options.prettierConfig), editorconfig: false })
    : optionsFromStyle(options.codeStyle);
  return prettier.format(source, { ...resolved, filepath });
}
