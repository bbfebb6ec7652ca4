/**
 * The two outputs of documentation.examples. Markdown: one marked region per export (merged by
 * documentation.readme's regions, so text outside them is kept and a re-run with nothing new changes
 * nothing). TSDoc: an `@example` block appended to the export's doc comment (a new comment when it has
 * none); a declaration whose comment already has an `@example` is left alone.
 */
import ts from 'typescript';
import type { Section } from '../readme/regions.js';
import type { FoundCall } from './calls.js';
import type { CallableExport, PublicName } from './exports.js';

export interface ExampleSet {
  callable: CallableExport;
  /** Up to MAX_EXAMPLES real calls, best first; empty when the example comes from the signature. */
  calls: FoundCall[];
  /** The lines shown (with the import). */
  code: string;
  lang: 'ts' | 'js' | 'tsx' | 'jsx';
}

/** The project's code style for the lines written here (the calls themselves are its own code, as written). */
export interface ExampleStyle {
  semi: ';' | '';
  quote: "'" | '"';
  /** CommonJS: `const { f } = require('pkg')` instead of an import. */
  commonjs: boolean;
  /** The fence's language (`tsx`/`jsx` for an example in JSX). */
  lang: 'ts' | 'js';
}

export const DEFAULT_STYLE: ExampleStyle = { semi: ';', quote: "'", commonjs: false, lang: 'ts' };

export const MAX_EXAMPLES = 3;
const RANK = { asserted: 0, test: 1, code: 2 } as const;

export function pickCalls(found: FoundCall[]): FoundCall[] {
  // `new Circle(2);` says nothing `const circle = new Circle(2);` (another call's setup) does not.
  const initializers = new Set(found.flatMap((c) => c.setup.map((line) => line.replace(/^const [\w$]+ = /, ''))));
  const sorted = found
    .filter((c) => c.origin === 'asserted' || !initializers.has(c.code))
    .sort((a, b) => RANK[a.origin] - RANK[b.origin] || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const seen = new Set<string>();
  const key = (c: FoundCall): string => [...c.setup, c.code].join('\n');
  return sorted.filter((c) => !seen.has(key(c)) && seen.add(key(c))).slice(0, MAX_EXAMPLES);
}

/** A function component (capitalised, in a .tsx/.jsx file, at most one destructured props parameter) is used as JSX. */
export function isComponent(callable: CallableExport): boolean {
  return (
    callable.kind === 'function' &&
    /\.[jt]sx$/.test(callable.file) &&
    /^[A-Z]/.test(callable.name.split('.').pop()!) &&
    (callable.parameters.length === 0 || (callable.parameters.length === 1 && callable.parameters[0]!.startsWith('{')))
  );
}

export function signatureCall(callable: CallableExport, style: ExampleStyle): string {
  if (isComponent(callable)) {
    const props = (callable.parameters[0] ?? '{ }')
      .replace(/^\{\s*|\s*\}$/g, '')
      .split(', ')
      .filter(Boolean);
    return `<${callable.name}${props.map((p) => ` ${p}={${p}}`).join('')} />${style.semi} // from the signature`;
  }
  return `${callable.kind === 'class' ? 'new ' : ''}${callable.name}(${callable.parameters.join(', ')})${style.semi} // from the signature`;
}

function importLine(names: PublicName[], style: ExampleStyle): string[] {
  const bySpecifier = new Map<string, { named: Set<string>; default: string | null }>();
  for (const n of names) {
    const entry = bySpecifier.get(n.specifier) ?? { named: new Set<string>(), default: null };
    if (n.binding === 'default') entry.default = n.name;
    else entry.named.add(n.binding);
    bySpecifier.set(n.specifier, entry);
  }
  return [...bySpecifier.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([specifier, e]) => {
      const named = [...e.named].sort((a, b) => a.localeCompare(b));
      const from = `${style.quote}${specifier}${style.quote}`;
      if (style.commonjs) {
        const fields = [e.default ? `default: ${e.default}` : null, ...named].filter(Boolean).join(', ');
        return `const { ${fields} } = require(${from})${style.semi}`;
      }
      const parts = [e.default, named.length ? `{ ${named.join(', ')} }` : null].filter(Boolean).join(', ');
      return `import ${parts} from ${from}${style.semi}`;
    });
}

export function exampleSet(callable: CallableExport, found: FoundCall[], style: ExampleStyle = DEFAULT_STYLE): ExampleSet {
  const calls = pickCalls(found);
  const self: PublicName = { name: callable.name, binding: callable.binding, specifier: callable.specifier };
  const uses = [self, ...calls.flatMap((c) => c.uses)];
  // Each call with the setup lines it needs (a setup line another call already had is not repeated).
  const lines: string[] = [];
  for (const call of calls) lines.push(...call.setup.filter((l) => !lines.includes(l)), call.code);
  if (calls.length === 0) lines.push(signatureCall(callable, style));
  const jsx = calls.some((c) => c.jsx) || (calls.length === 0 && isComponent(callable));
  return { callable, calls, code: [...importLine(uses, style), '', ...lines].join('\n'), lang: jsx ? `${style.lang}x` : style.lang };
}

export const regionId = (callable: CallableExport): string => `example ${callable.specifier} ${callable.name}`;

export function section(set: ExampleSet): Section {
  const { callable, calls } = set;
  const where = [...new Set(calls.map((c) => `\`${c.file}:${c.line}\``))].join(', ');
  const note =
    calls.length === 0
      ? '_No call of it with standalone arguments in the tests or the code: built from the signature (the parameter names are placeholders)._'
      : calls.some((c) => c.origin === 'asserted')
        ? `From ${where}; \`// =>\` is the result the test asserts.`
        : `From ${where}${calls.every((c) => c.origin === 'code') ? ' (the code; no test calls it with standalone arguments)' : ' (a test, with no asserted result)'}.`;
  return {
    id: regionId(callable),
    body: `## \`${callable.name}\`\n\n${note}\n\n\`\`\`${set.lang}\n${set.code}\n\`\`\``,
  };
}

export function header(packageName: string): string {
  return `# Usage examples\n\nHow to call ${packageName}'s public API, from the project's own tests and code.\n`;
}

/** The text with an `@example` block in the doc comment of each set's declaration; the names left alone (they already have one). */
export function withExampleTags(source: ts.SourceFile, sets: ExampleSet[]): { text: string; added: string[]; kept: string[] } {
  const text = source.text;
  const edits: { at: number; remove: number; insert: string }[] = [];
  const added: string[] = [];
  const kept: string[] = [];
  for (const set of sets) {
    const node = set.callable.declaration;
    const start = node.getStart(source);
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const indent = text.slice(lineStart, start);
    if (!/^[ \t]*$/.test(indent)) continue;
    // A comment set apart by a blank line (a file's opening comment) is not the declaration's own.
    const docs = ((node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? []).filter((d) => !/\n[ \t]*\r?\n/.test(text.slice(d.getEnd(), start)));
    const last = docs[docs.length - 1];
    if (docs.some((d) => d.tags?.some((t) => t.tagName.text === 'example'))) {
      kept.push(set.callable.name);
      continue;
    }
    const body = ['@example', `\`\`\`${set.lang}`, ...set.code.split('\n'), '```'].map((l) => `${indent} *${l ? ` ${l}` : ''}`).join('\n');
    if (!last) edits.push({ at: start, remove: 0, insert: `/**\n${body}\n${indent} */\n${indent}` });
    else {
      const close = last.getEnd() - 2;
      const before = text.slice(last.getStart(source), close);
      if (before.includes('\n')) {
        // Multi-line comment: the block goes before the closing line.
        const closeLineStart = text.lastIndexOf('\n', close - 1) + 1;
        edits.push({ at: closeLineStart, remove: 0, insert: `${indent} *\n${body}\n` });
      } else {
        // `/** Summary. */` becomes a multi-line comment; its words stay as written, on their own line.
        const open = last.getStart(source) + 3;
        const words = before.slice(3).trim();
        edits.push({ at: open, remove: close + 2 - open, insert: `\n${indent} * ${words}\n${indent} *\n${body}\n${indent} */` });
      }
    }
    added.push(set.callable.name);
  }
  let next = text;
  for (const edit of edits.sort((a, b) => b.at - a.at)) next = next.slice(0, edit.at) + edit.insert + next.slice(edit.at + edit.remove);
  return { text: next, added, kept };
}
