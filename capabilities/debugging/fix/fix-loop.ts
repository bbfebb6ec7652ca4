/**
 * One fix at a time: find the asked-for diagnostic in the current type-check, ask the language service
 * for its code fixes, keep only the accepted kind (a missing import only from a module of this
 * project, and only when exactly one module exports the name), apply it to the overlay and re-run the
 * whole type-check. The fix is kept only when that diagnostic is gone and no diagnostic appears that
 * was not there before; otherwise it is undone and the reason recorded.
 */
import path from 'node:path';
import type ts from 'typescript';
import { checkProjects, type CheckResult, type TypeDiagnostic } from '../typecheck/check-projects.js';
import type { ConfinedFiles } from '../typecheck/confined-host.js';
import type { TsProject } from '../typecheck/find-projects.js';
import { ACCEPTED_FIXES, fixableKind, type FixKind } from './fixable.js';
import { REFUSAL_REASONS } from './refusal-reasons.js';
import { bestMatch } from '../explain/match-error.js';
import { applyFileTextChanges, FORMAT, languageService, PREFERENCES } from './language-service.js';

export interface FixOutcome {
  file: string;
  line: number;
  code: number;
  message: string;
  kind: FixKind | null;
  fixed: boolean;
  /** TypeScript's description of the applied fix, or why none was applied. */
  description: string;
}

const keyOf = (d: TypeDiagnostic): string => `${d.file}\0${d.code}\0${d.message}`;

function counts(check: CheckResult): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of check.diagnostics) out.set(keyOf(d), (out.get(keyOf(d)) ?? 0) + 1);
  return out;
}

/** The reason a code debugging.fix does not repair is refused with: the decision it needs, else what the error is. */
export function refusalReason(code: number, message: string): string {
  const known = REFUSAL_REASONS[code];
  if (known) return known;
  const entry = bestMatch(`error TS${code}: ${message}`)?.entry;
  return `TS${code}${entry ? ` (${entry.title.toLowerCase()})` : ''} is not an error debugging.fix repairs: it fixes a missing import of a project export, a misspelling TypeScript suggests and a missing await`;
}

/** The name a message quotes first (`Cannot find name 'x'` -> x). */
const quoted = (message: string): string | null => /'([^']+)'/.exec(message)?.[1] ?? null;

function pick(
  kind: FixKind,
  fixes: readonly ts.CodeFixAction[],
  file: string,
  project: string,
  message: string,
): { fix: ts.CodeFixAction } | { reason: string } {
  const name = quoted(message);
  const named = name ? ` '${name}'` : '';
  const accepted = fixes.filter((f) => ACCEPTED_FIXES[kind].includes(f.fixName));
  // "Add import from "./format.js"" / "Update import from "./format.js"": a module of this project, not a package.
  const local = accepted.filter(
    (f) => f.fixName === 'import' && f.changes.every((c) => path.resolve(c.fileName) === file) && /\bfrom ["']\.\.?\//.test(f.description),
  );
  if (kind === 'spelling' && local.length === 1) return { fix: local[0]! };
  if (kind === 'missing-import') {
    if (local.length === 0)
      return {
        reason:
          accepted.length > 0
            ? `${named ? `${named.trim()} is` : 'the name is'} exported only by a package (${accepted
                .map((f) => f.description)
                .slice(0, 3)
                .join('; ')}), not by a module of this project; which dependency to import from is a decision`
            : `no module of the tsconfig project ${project} exports${named || ' this name'}: it is not a missing import (declare it, or correct the name)`,
      };
    if (local.length > 1)
      return {
        reason: `several modules export${named || ' this name'} (${local.map((f) => f.description).join('; ')}), so there is no unique export to import; say which one`,
      };
    return { fix: local[0]! };
  }
  if (kind === 'missing-await') {
    const best = accepted.find((f) => f.fixName === 'addMissingAwaitToInitializer') ?? accepted[0];
    return best ? { fix: best } : { reason: 'TypeScript offers no "add await" here (the promise is not used in an async function)' };
  }
  const spelling = accepted.filter((f) => f.fixName === 'spelling');
  if (spelling.length !== 1)
    return {
      reason:
        spelling.length === 0
          ? `TypeScript offers no spelling fix for${named || ' this name'} here (its suggestion, if any, is not a name in scope at this position)`
          : `the spelling is ambiguous: TypeScript offers ${spelling.length} corrections (${spelling.map((f) => f.description).join('; ')}); say which name was meant`,
    };
  return { fix: spelling[0]! };
}

/**
 * TS2578 (an unused `@ts-expect-error`): the directive's line removed, when the directive is a comment
 * on a line of its own (`// @ts-expect-error …`); the re-check then proves nothing it covered errs.
 */
function removeDirectiveLine(files: ConfinedFiles, file: string, start: number): { fix: ts.CodeFixAction } | { reason: string } {
  const text = files.readFile(file) ?? '';
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', start);
  const lineEnd = newline === -1 ? text.length : newline + 1;
  const line = text.slice(lineStart, lineEnd);
  if (!/^\s*\/\/\s*@ts-expect-error\b[^\n]*\n?$/.test(line))
    return {
      reason: "the unused '@ts-expect-error' directive shares its line with code (or is a block comment): removing it is left to you",
    };
  return {
    fix: {
      fixName: 'removeUnusedDirective',
      description: "Remove the unused '@ts-expect-error' directive",
      changes: [{ fileName: file, textChanges: [{ span: { start: lineStart, length: lineEnd - lineStart }, newText: '' }] }],
    },
  };
}

export function fixDiagnostics(
  files: ConfinedFiles,
  projects: TsProject[],
  start: CheckResult,
  targets: TypeDiagnostic[],
  signal?: AbortSignal,
): { outcomes: FixOutcome[]; check: CheckResult } {
  let check = start;
  const outcomes: FixOutcome[] = [];
  for (const target of targets) {
    if (signal?.aborted) break;
    const key = keyOf(target);
    // Earlier fixes may have moved it (an added import shifts lines): the same error closest to where it was.
    const current = check.diagnostics
      .filter((d) => keyOf(d) === key)
      .sort((a, b) => Math.abs(a.line - target.line) - Math.abs(b.line - target.line))[0];
    const base = { file: target.file!, line: target.line, code: target.code, message: target.message.split('\n')[0]! };
    const kind = fixableKind(target.code, target.message);
    if (!current || current.start === undefined) {
      outcomes.push({ ...base, kind, fixed: false, description: 'no longer reported after the earlier fixes' });
      continue;
    }
    if (!kind) {
      outcomes.push({
        ...base,
        kind,
        fixed: false,
        description: refusalReason(target.code, target.message),
      });
      continue;
    }
    const abs = path.resolve(files.root, current.file!);
    const programEntry = [...check.programs.entries()].find(([, p]) => p.getSourceFile(abs));
    if (!programEntry) {
      outcomes.push({ ...base, kind, fixed: false, description: 'the file is in no tsconfig project' });
      continue;
    }
    const program = programEntry[1];
    let chosen: { fix: ts.CodeFixAction } | { reason: string };
    if (kind === 'unused-directive') chosen = removeDirectiveLine(files, abs, current.start);
    else {
      const service = languageService(files, program.getRootFileNames(), program.getCompilerOptions());
      const fixes = service.getCodeFixesAtPosition(
        abs,
        current.start,
        current.start + (current.length ?? 0),
        [current.code],
        FORMAT,
        PREFERENCES,
      );
      chosen = pick(kind, fixes, abs, programEntry[0], current.message);
      service.dispose();
    }
    if ('reason' in chosen) {
      outcomes.push({ ...base, kind, fixed: false, description: chosen.reason });
      continue;
    }
    const texts = applyFileTextChanges(files, chosen.fix.changes);
    const saved = new Map([...texts.keys()].map((f) => [f, files.overlay.has(f) ? files.overlay.get(f)! : undefined] as const));
    for (const [f, text] of texts) files.overlay.set(f, text);
    const after = checkProjects(files, projects, signal);
    const was = counts(check);
    const now = counts(after);
    const gone = (now.get(key) ?? 0) < (was.get(key) ?? 0);
    const added = [...now.entries()].filter(([k, n]) => n > (was.get(k) ?? 0)).map(([k]) => k.split('\0'));
    if (gone && added.length === 0) {
      outcomes.push({ ...base, kind, fixed: true, description: chosen.fix.description });
      check = after;
    } else {
      for (const [f, text] of saved) {
        if (text === undefined) files.overlay.delete(f);
        else files.overlay.set(f, text);
      }
      const why =
        added.length > 0
          ? `the re-check showed ${added.length === 1 ? 'a new error' : `${added.length} new errors`}: ${added
              .map(([f, c, m]) => `${f}: TS${c} ${m!.split('\n')[0]}`)
              .slice(0, 2)
              .join('; ')}`
          : 'the re-check still reports the error';
      outcomes.push({
        ...base,
        kind,
        fixed: false,
        description: `TypeScript's fix "${chosen.fix.description}" was tried and undone: ${why}`,
      });
    }
  }
  return { outcomes, check };
}
