/**
 * documentation.api: a Markdown API reference of a package's public entry points (package.json
 * `exports`/`types`/`main`), derived from the code with the TypeScript compiler: every exported
 * function, class, interface, type, enum, constant and namespace with its declaration, parameters,
 * return type, doc comment, deprecation and source link. Staged through the workspace (default
 * `docs/api.md`); `data.symbols` lists what was documented (name, kind, entry, file, line).
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { AgentdError } from '../../core/index.js';
import { fileSelectionSchema, nameSchema, pathSchema } from '../../core/index.js';
import { collectModule, type ApiSymbol } from './api/collect.js';
import { findEntryPoints, moduleEntryPoints } from './api/entry-points.js';
import { renderPages, type RenderedEntry } from './api/render.js';
import { loadProgram, toProgramPath } from './ts-program/load-program.js';
import ts from 'typescript';
import { PLANNING } from './api/planning.js';
import { writeOpenApi } from './api/openapi-output.js';
import { inProjectStyle } from './markdown-style/project-style.js';

export interface ApiInput {
  entryPoints?: string[];
  out?: string;
  include?: string[];
  exclude?: string[];
  symbol?: string;
  subjects?: string[];
  format?: 'markdown' | 'openapi';
  title?: string;
}

export const meta: CapabilityMeta = {
  id: 'documentation.api',
  group: 'documentation',
  title: 'API reference',
  description:
    "A Markdown API reference of the package's public entry points (package.json exports/types/main), derived from the code by the TypeScript compiler: signatures, parameters, return types, doc comments, deprecations and source links.",
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      format: {
        enum: ['markdown', 'openapi'],
        description:
          'markdown (default): the reference of the exported code; openapi: an OpenAPI 3.1 document (JSON) of the REST routes the code declares (Express, Fastify, route objects).',
      },
      title: nameSchema('format openapi: the document title (default: package.json name).'),
      entryPoints: {
        type: 'array',
        maxItems: 100,
        items: pathSchema(),
        description: 'Entry modules to document instead of the ones package.json publishes (workspace-relative).',
      },
      out: pathSchema('Where the reference is written (default docs/api.md; openapi.json with format openapi).'),
      ...fileSelectionSchema(
        'keep in the reference: only symbols declared in these files (default: all public ones)',
        'leave out of the reference: symbols declared in these files',
      ),
      symbol: nameSchema('Document only this exported name (and its namespace members).'),
      subjects: {
        type: 'array',
        maxItems: 100,
        items: nameSchema(),
        description: 'Names of the parts a build step made; only exported symbols whose name or file contains one are documented.',
      },
    },
  },
  writes: true,
  planning: PLANNING,
};

function matchesGlob(file: string, globs: readonly string[]): boolean {
  return globs.some((glob) => {
    const re = new RegExp(
      `^${glob
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\/?/g, '\u0000')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        // eslint-disable-next-line no-control-regex -- NUL is the placeholder `**` was swapped for above
        .replace(/\u0000/g, '.*')}$`,
    );
    return re.test(file) || file.startsWith(glob.replace(/\/?\*\*$/, '/')) || file === glob;
  });
}

function keep(symbol: ApiSymbol, input: ApiInput): boolean {
  if (input.include?.length && !matchesGlob(symbol.file, input.include)) return false;
  if (input.exclude?.length && matchesGlob(symbol.file, input.exclude)) return false;
  if (input.symbol && symbol.name !== input.symbol && !symbol.name.startsWith(`${input.symbol}.`)) return false;
  if (input.subjects?.length) {
    const hay = `${symbol.name} ${symbol.file}`.toLowerCase();
    if (!input.subjects.some((s) => hay.includes(s.toLowerCase()))) return false;
  }
  return true;
}

export async function run(input: ApiInput, ctx: CapabilityContext): Promise<StepResult> {
  if (input.format === 'openapi') {
    const wrong = (['entryPoints', 'symbol'] as const).filter((k) => input[k] !== undefined);
    if (wrong.length > 0)
      throw new AgentdError(
        'invalid_input',
        `${wrong.join(', ')}: not used with format openapi (it documents the REST routes, not exports).`,
      );
    return writeOpenApi(input, ctx, (file) => keep({ file, name: '' } as ApiSymbol, { include: input.include, exclude: input.exclude }));
  }
  const out = input.out ?? 'docs/api.md';
  ctx.progress(5, 'loading the program');
  const loaded = await loadProgram(ctx);
  const pkgText = loaded.texts.get('package.json');
  const pkg = pkgText ? (JSON.parse(pkgText) as Record<string, unknown>) : null;
  let found = findEntryPoints(pkg, new Set(loaded.texts.keys()), loaded.options, input.entryPoints);
  if (found.entries.length === 0 && found.source === 'fallback') {
    const inScope = await ctx.workspace.list({
      include: input.include,
      exclude: input.exclude,
      extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
    });
    found = moduleEntryPoints(inScope.filter((f) => loaded.texts.has(f)));
  }
  if (found.entries.length === 0) {
    const why = found.unresolved.map((u) => `${u.subpath} -> ${u.target}: ${u.reason}`).join('; ');
    throw new AgentdError(
      'documentation_refused',
      `No public entry point to document: ${why || 'package.json has no exports, types or main, and there is no src/index.ts or index.ts'}. Name the modules with entryPoints.`,
    );
  }
  ctx.progress(30, 'collecting exports');
  const name = typeof pkg?.name === 'string' ? pkg.name : (ctx.project.name ?? 'Project');
  const entries: RenderedEntry[] = [];
  const seenFiles = new Set<string>();
  for (const entry of found.entries) {
    if (ctx.signal.aborted) throw new AgentdError('cancelled', 'documentation.api was cancelled.');
    const source = loaded.program.getSourceFile(toProgramPath(entry.file));
    if (!source || seenFiles.has(`${entry.subpath}:${entry.file}`)) continue;
    seenFiles.add(`${entry.subpath}:${entry.file}`);
    const symbols = collectModule(loaded.checker, source).filter((s) => keep(s, input));
    const specifier =
      found.source === 'modules' ? entry.file : entry.subpath === '.' ? name : `${name}/${entry.subpath.replace(/^\.\//, '')}`;
    // Modules of an application without exports of interest are left out of the reference.
    if (found.source !== 'modules' || symbols.length > 0) entries.push({ specifier, file: entry.file, doc: moduleDoc(source), symbols });
  }
  const total = entries.reduce((n, e) => n + e.symbols.length, 0);
  const filters = [
    input.symbol ? `symbol ${input.symbol}` : '',
    input.subjects?.length ? `subjects ${input.subjects.join(', ')}` : '',
    input.include?.length ? `include ${input.include.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  if (total === 0) {
    return {
      summary: `No exported symbol to document${filters ? ` (${filters})` : ''} in ${found.entries.length} entry point(s); nothing written.`,
      data: {
        out,
        entrySource: found.source,
        entryPoints: found.entries,
        unresolved: found.unresolved,
        symbols: [],
        skipped: loaded.skipped,
      },
    };
  }
  const pages = renderPages(name, entries, out);
  let changed = 0;
  let existed = 0;
  for (const page of pages) {
    const before = (await ctx.workspace.exists(page.path)) ? await ctx.workspace.read(page.path) : null;
    if (before !== null) existed += 1;
    const content = await inProjectStyle(ctx, page.path, page.content);
    if (before !== content) {
      await ctx.workspace.write(page.path, content);
      changed += 1;
    }
  }
  ctx.progress(100, 'done');
  const deprecated = entries
    .flatMap((e) => e.symbols)
    .reduce((n, s) => n + (s.deprecated ? 1 : 0) + s.members.filter((m) => m.deprecated).length, 0);
  const unread =
    loaded.skipped.length > 0
      ? ` ${loaded.skipped.length} file(s) could not be read (${loaded.skipped
          .slice(0, 3)
          .map((f) => `${f.path}: ${f.code}`)
          .join(', ')}${loaded.skipped.length > 3 ? ', …' : ''}); what they declare is missing.`
      : '';
  const unresolved =
    found.unresolved.length > 0
      ? ` ${found.unresolved.length} entry point(s) not documented: ${found.unresolved.map((u) => `${u.subpath} (${u.reason})`).join(', ')}.`
      : '';
  return {
    summary: `${changed === 0 ? 'Unchanged' : existed === 0 ? 'Wrote' : 'Updated'} ${out}${pages.length > 1 ? ` (an index and ${pages.length - 1} page(s) under ${out.replace(/\.md$/, '')}/: over 100 KB in one file)` : ''}: ${total} symbol(s) from ${entries.length} ${found.source === 'modules' ? 'module(s) (no published entry point: each module documented)' : 'entry point(s)'}, ${deprecated} deprecated.${unresolved}${unread}`,
    data: {
      out,
      pages: pages.map((p) => p.path),
      entrySource: found.source,
      entryPoints: found.entries,
      unresolved: found.unresolved,
      symbols: entries.flatMap((e) =>
        e.symbols.map((s) => ({
          name: s.name,
          kind: s.kind,
          entry: e.specifier,
          file: s.file,
          line: s.line,
          deprecated: s.deprecated !== null,
        })),
      ),
      skipped: loaded.skipped,
    },
  };
}

/** The module's own doc comment: the first JSDoc of the file when it carries @packageDocumentation or @module. */
function moduleDoc(source: ts.SourceFile): string {
  const first = source.statements[0];
  if (!first) return '';
  const docs = ts.getJSDocCommentsAndTags(first).filter(ts.isJSDoc);
  const doc = docs.find((d) => d.tags?.some((t) => ['packageDocumentation', 'module', 'packagedocumentation'].includes(t.tagName.text)));
  if (!doc) return '';
  return (typeof doc.comment === 'string' ? doc.comment : (ts.getTextOfJSDocComment(doc.comment) ?? '')).trim();
}
