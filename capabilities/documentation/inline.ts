/**
 * documentation.inline: TSDoc/JSDoc comments for exported declarations that have none — a summary
 * from the name and the code, `@param` for every parameter under its real name, `@returns` when a
 * value is returned, `@throws` for each throw in the body with its guarding condition. Comments are
 * only inserted (existing ones are never touched), staged through the workspace, and every changed file
 * is re-parsed: a file whose code tokens differ or that gains a syntax error is not staged.
 */
import ts from 'typescript';
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError, fileSelectionSchema, nameSchema } from '../../core/index.js';
import { findCandidates, type Skipped } from './inline/candidates.js';
import { describeCandidate, renderComment } from './inline/describe.js';
import { onlyCommentsChanged } from './inline/comments-only.js';
import { loadProgram, toProgramPath } from './ts-program/load-program.js';
import { PLANNING } from './inline/planning.js';

export interface InlineInput {
  include?: string[];
  exclude?: string[];
  symbol?: string;
  subjects?: string[];
}

export const meta: CapabilityMeta = {
  id: 'documentation.inline',
  group: 'documentation',
  title: 'Inline doc comments',
  description:
    'TSDoc/JSDoc comments for exported declarations without one: summary, @param for every parameter, @returns, @throws from the code; existing comments are never changed.',
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...fileSelectionSchema('document (default: every TS/JS source file except declaration files)'),
      symbol: nameSchema('Document only this declaration (a name, a class, or Class.member).'),
      subjects: {
        type: 'array',
        maxItems: 100,
        items: nameSchema(),
        description: 'Names of the parts a build step made; only files whose path contains one are documented.',
      },
    },
  },
  writes: true,
  planning: PLANNING,
};

const DOCUMENTABLE = /\.(m|c)?(ts|js)x?$/;

export async function run(input: InlineInput, ctx: CapabilityContext): Promise<StepResult> {
  const scope = await ctx.workspace.list({
    include: input.include,
    exclude: input.exclude,
    extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
  });
  const files = scope.filter(
    (f) =>
      DOCUMENTABLE.test(f) &&
      !/\.d\.(m|c)?ts$/.test(f) &&
      (!input.subjects?.length || input.subjects.some((s) => f.toLowerCase().includes(s.toLowerCase()))),
  );
  if (files.length === 0 && input.subjects?.length && scope.length > 0) {
    // A build step's parts that were not made (their generator did not run): nothing to document, not an error.
    return {
      summary: `No source file for ${input.subjects.join(', ')}; nothing to document.`,
      data: { files: [], added: [], skipped: [], documented: 0 },
    };
  }
  if (files.length === 0)
    throw new AgentdError(
      'documentation_refused',
      `No TypeScript or JavaScript source file matches ${JSON.stringify(input.include ?? ['the workspace'])}.`,
    );
  const loaded = await loadProgram(ctx);
  const written: { file: string; comments: number }[] = [];
  const skipped: (Skipped & { file: string })[] = [];
  const added: { file: string; line: number; kind: string; name: string }[] = [];
  let documented = 0;
  let symbolFound = false;
  for (const [i, file] of files.entries()) {
    if (ctx.signal.aborted) throw new AgentdError('cancelled', 'documentation.inline was cancelled.');
    ctx.progress(Math.round((i / files.length) * 100), file);
    const source = loaded.program.getSourceFile(toProgramPath(file));
    if (!source) continue;
    const { candidates, skipped: notDone, named } = findCandidates(source, input.symbol);
    symbolFound ||= named;
    skipped.push(...notDone.map((s) => ({ ...s, file })));
    if (candidates.length === 0) continue;
    const text = source.getFullText();
    const inserts = candidates
      .map((candidate) => {
        const start = candidate.anchor.getStart(source);
        const lineStart = text.lastIndexOf('\n', start - 1) + 1;
        const indent = text.slice(lineStart, start);
        return { at: start, indent, candidate };
      })
      .filter((insert) => /^[ \t]*$/.test(insert.indent));
    let next = text;
    for (const insert of [...inserts].sort((a, b) => b.at - a.at)) {
      const comment = renderComment(describeCandidate(insert.candidate, loaded.checker, source), insert.indent, /\.(m|c)?tsx?$/.test(file));
      next = next.slice(0, insert.at) + comment + next.slice(insert.at);
    }
    if (syntaxErrors(file, next) > syntaxErrors(file, text) || !onlyCommentsChanged(file, text, next)) {
      skipped.push({
        file,
        name: '*',
        line: 1,
        reason: 'the comments would change the code or add a syntax error; nothing staged for this file',
      });
      continue;
    }
    await ctx.workspace.write(file, next);
    documented += inserts.length;
    written.push({ file, comments: inserts.length });
    for (const insert of inserts) {
      const name = insert.candidate.owner ? `${insert.candidate.owner}.${insert.candidate.name}` : insert.candidate.name;
      added.push({ file, line: source.getLineAndCharacterOfPosition(insert.at).line + 1, kind: insert.candidate.kind, name });
    }
  }
  ctx.progress(100, 'done');
  if (input.symbol && !symbolFound) {
    throw new AgentdError(
      'documentation_refused',
      `No exported declaration is named "${input.symbol}" in the ${files.length} file(s) searched; check the name (a method is "Class.method"), or widen include.`,
    );
  }
  const skippedText = skipped.length > 0 ? ` ${skipped.length} declaration(s) skipped (see data.skipped).` : '';
  return {
    summary:
      documented === 0
        ? input.symbol
          ? skipped.length > 0
            ? `Nothing added for "${input.symbol}":${skippedText}`
            : `"${input.symbol}" already has a doc comment; nothing to add.`
          : `Every exported declaration in ${files.length} file(s) already has a doc comment; nothing to add.${skippedText}`
        : `Added ${documented} doc comment(s) in ${written.length} file(s).${skippedText}`,
    data: { files: written, added, skipped, documented },
  };
}

function syntaxErrors(file: string, text: string): number {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : undefined);
  return (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.length;
}
