/**
 * The project's code style: Prettier, then ESLint, then EditorConfig, then what the sources do.
 * Each property comes from the first source that has an opinion on it; `source` names the first
 * source that contributed anything.
 */
import type { CodeStyle } from '../contracts/index.js';
import type { ProjectFiles } from './project-files.js';
import { editorconfigStyle } from './style-editorconfig.js';
import { eslintStyle } from './style-eslint.js';
import { inferredStyle } from './style-inferred.js';
import { prettierStyle } from './style-prettier.js';
import type { PartialStyle, StyleFinding } from './style-types.js';

// Prettier's defaults: what a project with no opinion anywhere most likely gets formatted to.
const DEFAULTS: Required<PartialStyle> = { quotes: 'double', semicolons: true, indentStyle: 'space', indentSize: 2 };

export async function detectCodeStyle(files: ProjectFiles): Promise<CodeStyle> {
  const configured = (await Promise.all([prettierStyle(files), eslintStyle(files), editorconfigStyle(files)])).filter(
    (finding): finding is StyleFinding => finding !== null,
  );
  const merged: PartialStyle = {};
  const contributors: StyleFinding[] = [];
  const take = (finding: StyleFinding): void => {
    let contributed = false;
    for (const [key, value] of Object.entries(finding.style)) {
      if (value !== undefined && merged[key as keyof PartialStyle] === undefined) {
        Object.assign(merged, { [key]: value });
        contributed = true;
      }
    }
    if (contributed) contributors.push(finding);
  };
  configured.forEach(take);
  const complete = merged.quotes && merged.semicolons !== undefined && merged.indentStyle && merged.indentSize;
  if (!complete) take(await inferredStyle(files));
  const style = { ...DEFAULTS, ...merged };
  const prettier = configured.find((finding) => finding.prettier)?.prettier;
  return {
    source: contributors[0]?.source ?? 'inferred',
    quotes: style.quotes,
    semicolons: style.semicolons,
    indent: { style: style.indentStyle, size: style.indentSize },
    configFiles: configured.flatMap((finding) => finding.configFiles),
    ...(prettier ? { prettier } : {}),
  };
}
