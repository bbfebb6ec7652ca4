/** debugging.trace's step, loaded on first use (see ../trace.ts). */
import path from 'node:path';
import ts from 'typescript';
import { AgentdError, closeMatches, type CapabilityContext, type Finding, type StepResult } from '../../../core/index.js';
import { codeFrame } from '../explain/code-frame.js';
import { languageService } from '../fix/language-service.js';
import { ConfinedFiles } from '../typecheck/confined-host.js';
import { configFiles, loadProjects } from '../typecheck/find-projects.js';

export interface TraceInput {
  symbol: string;
  file?: string;
  depth?: number;
  description?: string;
  include?: string[];
  exclude?: string[];
}

interface CallSite {
  /** The calling function (`<module>` for top-level code). */
  caller: string;
  file: string;
  line: number;
  column: number;
  codeFrame: string;
  /** Who calls the caller, as far as `depth` allows. */
  callers: CallSite[];
  /** True when the caller was already shown higher up (recursion or a shared path). */
  repeated?: boolean;
}

const DEFAULT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  allowJs: true,
  jsx: ts.JsxEmit.Preserve,
  noEmit: true,
};
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

export async function runTrace(input: TraceInput, ctx: CapabilityContext): Promise<StepResult> {
  const root = ctx.workspace.root;
  const files = new ConfinedFiles(root);
  const projects = loadProjects(files, await configFiles(ctx));
  const sources =
    projects.length > 0
      ? [...new Set(projects.flatMap((p) => p.parsed.fileNames.map((f) => path.resolve(f))))]
      : (
          await ctx.workspace.list({
            extensions: ['.ts', '.tsx', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs'],
            exclude: ['dist/**', 'build/**'],
          })
        ).map((f) => path.join(root, f));
  const options = projects.find((p) => p.parsed.fileNames.length > 0)?.parsed.options ?? DEFAULT_OPTIONS;
  const service = languageService(
    files,
    sources.filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts')),
    { ...options, allowJs: options.allowJs ?? true, noEmit: true },
  );
  try {
    const program = service.getProgram()!;
    const declarations = findDeclarations(program, root, input.symbol, input.file);
    if (declarations.length === 0) {
      const names = declaredNames(program, root);
      const close = closeMatches(input.symbol, names, 3);
      throw new AgentdError(
        'invalid_input',
        `debugging.trace: no function or method named "${input.symbol}" in the project${close.length ? `; did you mean ${close.map((c) => `"${c}"`).join(' or ')}?` : '.'}`,
      );
    }
    const decl = declarations[0]!;
    const depth = input.depth ?? 5;
    const seen = new Set<string>();
    const items = service.prepareCallHierarchy(decl.fileName, decl.position);
    const item = Array.isArray(items) ? items[0] : items;
    if (!item)
      throw new AgentdError(
        'invalid_input',
        `debugging.trace: TypeScript has no call hierarchy for "${input.symbol}" (${rel(root, decl.fileName)}:${decl.line}).`,
      );
    const callers = incoming(service, root, item, depth, seen, ctx.signal);
    const paths = flatten(callers).map((chain) =>
      [...chain]
        .reverse()
        .map((c) => `${c.caller} (${c.file}:${c.line})`)
        .concat(input.symbol)
        .join(' → '),
    );
    const direct = callers.length;
    const findings: Finding[] = callers.map((c) => ({
      ruleId: 'debugging/call-site',
      severity: 'info',
      file: c.file,
      range: { startLine: c.line, startColumn: c.column, endLine: c.line, endColumn: c.column },
      message: `${c.caller} calls ${input.symbol}`,
    }));
    const where = `${rel(root, decl.fileName)}:${decl.line}`;
    const others =
      declarations.length > 1
        ? ` (${declarations.length} declarations named ${input.symbol}; traced the one at ${where}; pass \`file\` for another)`
        : '';
    return {
      summary:
        direct === 0
          ? `No calls of ${input.symbol} (${where}) in the project's sources${others}; it may be called only from outside (an entry point, a test runner, a framework).`
          : `${input.symbol} (${where}) is called from ${direct} place(s), ${paths.length} call path(s) up to ${depth} callers back${others}: ${paths.slice(0, 3).join('; ')}${paths.length > 3 ? '; …' : ''}.`,
      findings,
      data: {
        symbol: input.symbol,
        declaration: { file: rel(root, decl.fileName), line: decl.line },
        otherDeclarations: declarations.slice(1).map((d) => ({ file: rel(root, d.fileName), line: d.line })),
        callers,
        paths,
      },
    };
  } finally {
    service.dispose();
  }
}

const rel = (root: string, file: string): string => path.relative(root, file).split(path.sep).join('/');

function nameNode(node: ts.Node): ts.Node | null {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isClassDeclaration(node)) && node.name) return node.name;
  if (
    ts.isVariableDeclaration(node) &&
    ts.isIdentifier(node.name) &&
    node.initializer &&
    (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
  )
    return node.name;
  return null;
}

function projectFiles(program: ts.Program, root: string): ts.SourceFile[] {
  return program
    .getSourceFiles()
    .filter((sf) => !sf.isDeclarationFile && sf.fileName.startsWith(root) && !sf.fileName.includes('/node_modules/'));
}

function findDeclarations(
  program: ts.Program,
  root: string,
  symbol: string,
  file?: string,
): { fileName: string; position: number; line: number }[] {
  const out: { fileName: string; position: number; line: number }[] = [];
  for (const sf of projectFiles(program, root)) {
    if (file && rel(root, sf.fileName) !== file) continue;
    if (!sf.text.includes(symbol)) continue;
    const visit = (node: ts.Node): void => {
      const name = nameNode(node);
      if (name && name.getText(sf) === symbol)
        out.push({
          fileName: sf.fileName,
          position: name.getStart(sf),
          line: sf.getLineAndCharacterOfPosition(name.getStart(sf)).line + 1,
        });
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

function declaredNames(program: ts.Program, root: string): Set<string> {
  const names = new Set<string>();
  for (const sf of projectFiles(program, root)) {
    const visit = (node: ts.Node): void => {
      const name = nameNode(node);
      if (name) names.add(name.getText(sf));
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return names;
}

function incoming(
  service: ts.LanguageService,
  root: string,
  item: ts.CallHierarchyItem,
  depth: number,
  seen: Set<string>,
  signal: AbortSignal,
): CallSite[] {
  if (depth <= 0 || signal.aborted) return [];
  const out: CallSite[] = [];
  for (const call of service.provideCallHierarchyIncomingCalls(item.file, item.selectionSpan.start)) {
    const from = call.from;
    if (from.file.includes('/node_modules/') || !from.file.startsWith(root)) continue;
    const text = service.getProgram()!.getSourceFile(from.file)?.text ?? '';
    const sf = service.getProgram()!.getSourceFile(from.file)!;
    const key = `${from.file}:${from.selectionSpan.start}`;
    const repeated = seen.has(key);
    seen.add(key);
    for (const span of call.fromSpans) {
      const lc = sf.getLineAndCharacterOfPosition(span.start);
      const site: CallSite = {
        caller: from.kind === ts.ScriptElementKind.moduleElement ? `<module ${rel(root, from.file)}>` : from.name,
        file: rel(root, from.file),
        line: lc.line + 1,
        column: lc.character + 1,
        codeFrame: codeFrame(text, lc.line + 1, lc.character + 1, 1),
        callers: [],
      };
      if (repeated) site.repeated = true;
      out.push(site);
    }
    if (!repeated && out.length > 0) {
      const up = incoming(service, root, from, depth - 1, seen, signal);
      for (const site of out.slice(out.length - call.fromSpans.length)) site.callers = up;
    }
  }
  return out;
}

/** Every chain from a direct call site up to a caller nobody calls (or the depth limit). */
function flatten(sites: CallSite[], prefix: CallSite[] = []): CallSite[][] {
  const out: CallSite[][] = [];
  for (const site of sites) {
    const chain = [...prefix, site];
    if (site.callers.length === 0 || site.repeated) out.push(chain);
    else out.push(...flatten(site.callers, chain));
  }
  return out;
}
