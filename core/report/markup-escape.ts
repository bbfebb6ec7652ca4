/** Escaping for the two markup formats: text from findings (messages, paths, code) is data, never markup. */

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

/** Inline Markdown text: HTML-significant characters as entities, Markdown punctuation backslashed. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[&<>]/g, (c) => HTML_ENTITIES[c]!)
    .replace(/[\\`*_[\]|#~]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, ' ');
}

/** Inline code in Markdown: a backtick run longer than any inside the text. */
export function markdownCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text.replace(/\r?\n/g, ' ')}${pad}${ticks}`;
}

/** The fence language for a file, by extension (for syntax colouring where the viewer has it). */
export function fenceLanguage(file: string): string {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  const map: Record<string, string> = {
    ts: 'ts',
    mts: 'ts',
    cts: 'ts',
    tsx: 'tsx',
    js: 'js',
    mjs: 'js',
    cjs: 'js',
    jsx: 'jsx',
    json: 'json',
    sql: 'sql',
  };
  return map[ext] ?? '';
}
