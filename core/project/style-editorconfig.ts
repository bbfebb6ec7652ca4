/** Indentation (and the common `quote_type` extension) from the root .editorconfig, for JS/TS files. */
import type { ProjectFiles } from './project-files.js';
import type { PartialStyle, StyleFinding } from './style-types.js';

/** Whether an EditorConfig section glob applies to .ts/.js files. */
function appliesToScripts(glob: string): boolean {
  if (glob === '*' || glob === '**' || glob === '**/*') return true;
  return /\*\.(\{[^}]*\b(js|ts|jsx|tsx|mjs|cjs)\b[^}]*\}|(js|ts|jsx|tsx|mjs|cjs))$/.test(glob);
}

export function styleFromEditorconfig(text: string): PartialStyle {
  const props: Record<string, string> = {};
  let applies = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(.*)\]$/.exec(line);
    if (section) applies = appliesToScripts(section[1]!.trim());
    else if (applies) {
      const [key, ...rest] = line.split('=');
      if (key && rest.length > 0) props[key.trim().toLowerCase()] = rest.join('=').trim().toLowerCase();
    }
  }
  const style: PartialStyle = {};
  if (props.indent_style === 'tab' || props.indent_style === 'space') style.indentStyle = props.indent_style;
  const size = Number(props.indent_size === 'tab' ? props.tab_width : props.indent_size);
  if (Number.isInteger(size) && size > 0) style.indentSize = size;
  if (props.quote_type === 'single' || props.quote_type === 'double') style.quotes = props.quote_type;
  return style;
}

export async function editorconfigStyle(files: ProjectFiles): Promise<StyleFinding | null> {
  if (!files.rootEntries.has('.editorconfig')) return null;
  return {
    source: 'editorconfig',
    style: styleFromEditorconfig((await files.read('.editorconfig')) ?? ''),
    configFiles: ['.editorconfig'],
  };
}
