/**
 * Merging a clone pair: both copies are replaced by a call to one shared function, placed at the end of
 * the first copy's file (same file) or in a new module next to it that both files import (different
 * files). The edit is type-checked in memory first and refused if it adds an error.
 */
import path from 'node:path';
import { Node, SyntaxKind, ts } from 'ts-morph';
import type { CapabilityContext, Finding } from '../../../core/index.js';
import { guardTsconfigProjects } from '../ts-project/project-guard.js';
import { countErrors, describeErrors, findNewErrors } from '../ts-project/error-guard.js';
import { applyToProject, type FileEdits } from '../ts-project/file-edits.js';
import { stageReviewed } from '../review/stage-reviewed.js';
import { toProjectPath, type LoadedProject } from '../ts-project/load-project.js';
import { specifierFor } from '../ts-project/module-specifiers.js';
import { requireSourceFile } from '../ts-project/positions.js';
import { refuse } from '../ts-project/refusal.js';
import { blockingConstruct } from '../suggest/extractable-range.js';
import { matchBlocks } from './match-blocks.js';
import type { CloneSide } from './options.js';
import { callText, functionText, type Placement } from './render.js';
import { planShared } from './shared-function.js';
import { statementRun, type StatementRun } from './statement-run.js';

export interface DedupeResult {
  touched: string[];
  /** Problems the project's ESLint config reports that the merge introduced (review/lint-changes.ts). */
  findings: Finding[];
  /** The review's sentences for the summary (formatting, lint). */
  note: string;
  module: string | null;
  params: string[];
  outputs: string[];
  lines: { a: [number, number]; b: [number, number] };
}

export async function dedupeClone(
  ctx: CapabilityContext,
  loaded: LoadedProject,
  clone: { a: CloneSide; b: CloneSide },
  name: string,
  modulePath?: string,
): Promise<DedupeResult> {
  const [a, b] = trimReturns(
    statementRun(requireSourceFile(loaded.project, clone.a.file), clone.a),
    statementRun(requireSourceFile(loaded.project, clone.b.file), clone.b),
  );
  if (
    a.file === b.file &&
    a.statements[0]!.getStart() < b.statements[b.statements.length - 1]!.getEnd() &&
    b.statements[0]!.getStart() < a.statements[a.statements.length - 1]!.getEnd()
  ) {
    throw refuse(`The two copies overlap in "${clone.a.file}"; pass two separate ranges.`);
  }
  for (const run of [a, b])
    for (const s of run.statements) {
      const reason = blockingConstruct(s, false);
      if (reason) throw refuse(`The copy in "${run.file.getBaseName()}" cannot move into a function: ${reason}.`);
    }
  const sameFile = a.file === b.file;
  const typed = /\.[cm]?tsx?$/.test(a.file.getFilePath());
  const plan = planShared(a, b, matchBlocks(a, b), { sameFile, typed });
  const placement = placementFor(a, b, name, modulePath);
  assertNameFree(loaded, placement, name, [a, b]);
  const style = ctx.project.codeStyle;
  const lines = { a: lineSpan(a), b: lineSpan(b) };
  const edits = buildEdits(a, b, plan, placement, name, style, loaded);
  const paths = [...edits.keys()];
  const before = countErrors(loaded.project, paths);
  applyToProject(loaded, edits);
  const errors = findNewErrors(loaded.project, paths, before);
  if (errors.length > 0)
    throw refuse(`Merging the clone would not compile (${describeErrors(errors)}); merge it by hand or pick another clone.`);
  guardTsconfigProjects(loaded, edits, paths, 'Merging the clone', 'merge it by hand or pick another clone.');
  const { touched, findings, note } = await stageReviewed(ctx, loaded, edits);
  return {
    touched,
    findings,
    note,
    module: placement.newModule,
    params: plan.params.map((p) => p.name),
    outputs: plan.outputs.map((o) => o.a),
    lines,
  };
}

const lineSpan = (run: StatementRun): [number, number] => [
  run.statements[0]!.getStartLineNumber(),
  run.statements.at(-1)!.getEndLineNumber(),
];

/** A clone that runs to the end of two functions ends with their returns: the block before them is merged. */
function trimReturns(a: StatementRun, b: StatementRun): [StatementRun, StatementRun] {
  const trimmed = (run: StatementRun, count: number): StatementRun => ({
    file: run.file,
    statements: run.statements.slice(0, -count),
    after: [...run.statements.slice(-count), ...run.after],
  });
  let count = 0;
  while (
    count < a.statements.length - 1 &&
    count < b.statements.length - 1 &&
    Node.isReturnStatement(a.statements.at(-1 - count)) &&
    Node.isReturnStatement(b.statements.at(-1 - count))
  )
    count += 1;
  return count === 0 ? [a, b] : [trimmed(a, count), trimmed(b, count)];
}

function placementFor(a: StatementRun, b: StatementRun, name: string, modulePath?: string): Placement {
  if (a.file === b.file) return { host: a.file.getFilePath(), newModule: null };
  const fileA = a.file.getFilePath();
  if (
    !/\.[cm]?[jt]sx?$/.test(fileA) ||
    (a.file.getImportDeclarations().length + a.file.getExportDeclarations().length === 0 && /\.c?js$/.test(fileA))
  ) {
    throw refuse(
      `The copies are in different files and "${a.file.getBaseName()}" is not an ES module; merge them by hand or convert the files first (refactoring.modernize with cjs-to-esm).`,
    );
  }
  const ext = path.posix.extname(fileA);
  const target = modulePath
    ? toProjectPath(modulePath.replace(/^\.?\/+/, ''))
    : path.posix.join(path.posix.dirname(fileA), `${kebab(name)}${ext}`);
  return { host: target, newModule: target };
}

function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

function assertNameFree(loaded: LoadedProject, placement: Placement, name: string, runs: StatementRun[]): void {
  if (placement.newModule && loaded.project.getSourceFile(placement.newModule))
    throw refuse(`"${placement.newModule.slice(1)}" already exists; pass another modulePath or name.`);
  for (const file of new Set([placement.newModule ? null : runs[0]!.file, ...(placement.newModule ? runs.map((r) => r.file) : [])])) {
    if (!file) continue;
    const clash = file.getDescendantsOfKind(SyntaxKind.Identifier).find((id) => id.getText() === name);
    if (clash)
      throw refuse(`"${name}" is already used in "${file.getBaseName()}" (line ${clash.getStartLineNumber()}); pass another name.`);
  }
}

function buildEdits(
  a: StatementRun,
  b: StatementRun,
  plan: ReturnType<typeof planShared>,
  placement: Placement,
  name: string,
  style: CapabilityContext['project']['codeStyle'],
  loaded: LoadedProject,
): FileEdits {
  const edits: FileEdits = new Map();
  const replace = (run: StatementRun, text: string): void => {
    const path = run.file.getFilePath();
    const current = edits.get(path) ?? run.file.getFullText();
    edits.set(path, current.slice(0, run.statements[0]!.getStart()) + text + current.slice(run.statements.at(-1)!.getEnd()));
  };
  // The later copy first, so the earlier one's offsets stay valid in a shared file.
  const ordered = a.file === b.file && b.statements[0]!.getStart() > a.statements[0]!.getStart() ? [b, a] : [a, b];
  for (const run of ordered) replace(run, callText(plan, name, run === a ? 'a' : 'b', style));
  const fn = functionText(plan, name, placement.newModule !== null, style);
  if (placement.newModule) {
    edits.set(placement.newModule, `${fn}\n`);
    for (const run of [a, b])
      edits.set(
        run.file.getFilePath(),
        withImport(edits.get(run.file.getFilePath())!, run, name, placement.newModule, style, needsExtension(loaded, run)),
      );
  } else {
    const text = edits.get(placement.host)!;
    edits.set(placement.host, `${text.replace(/\s*$/, '')}\n\n${fn}\n`);
  }
  return edits;
}

/** Whether a new relative import needs its ".js" ending: node16/nodenext resolution, or a plain JS module. */
function needsExtension(loaded: LoadedProject, run: StatementRun): boolean {
  const resolution = loaded.project.getCompilerOptions().moduleResolution;
  return (
    resolution === ts.ModuleResolutionKind.Node16 ||
    resolution === ts.ModuleResolutionKind.NodeNext ||
    /\.m?js$/.test(run.file.getFilePath())
  );
}

function withImport(
  text: string,
  run: StatementRun,
  name: string,
  module: string,
  style: CapabilityContext['project']['codeStyle'],
  extension: boolean,
): string {
  const existing = run.file
    .getImportDeclarations()
    .map((d) => d.getModuleSpecifierValue())
    .find((s) => s.startsWith('.'));
  const like = existing !== undefined ? path.posix.extname(existing) : extension ? '.js' : '';
  const q = style.quotes === 'single' ? "'" : '"';
  const line = `import { ${name} } from ${q}${specifierFor(run.file.getFilePath(), module, like)}${q}${style.semicolons ? ';' : ''}\n`;
  const imports = run.file.getImportDeclarations();
  const at = imports.length > 0 ? text.indexOf('\n', imports.at(-1)!.getEnd()) + 1 : 0;
  return text.slice(0, at) + line + text.slice(at);
}
