/**
 * The type-check itself: one program per tsconfig project (agentd's TypeScript, in this thread, over
 * the confined file system), every pre-emit diagnostic (config, options, syntax, semantics, globals),
 * a diagnostic two projects both report kept once with both project names.
 */
import path from 'node:path';
import ts from 'typescript';
import type { ConfinedFiles } from './confined-host.js';
import type { TsProject } from './find-projects.js';

export interface TypeDiagnostic {
  /** Workspace-relative; null for a diagnostic with no file (options, globals). */
  file: string | null;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  code: number;
  severity: 'error' | 'warning';
  message: string;
  /** The tsconfig projects that report it. */
  projects: string[];
  /** Offset in the file (for code fixes). */
  start?: number;
  length?: number;
}

export interface ProjectRun {
  config: string;
  files: number;
  errors: number;
  durationMs: number;
}

export interface CheckResult {
  diagnostics: TypeDiagnostic[];
  projects: ProjectRun[];
  programs: Map<string, ts.Program>;
}

export function checkProjects(files: ConfinedFiles, projects: TsProject[], signal?: AbortSignal): CheckResult {
  const byKey = new Map<string, TypeDiagnostic>();
  const runs: ProjectRun[] = [];
  const programs = new Map<string, ts.Program>();
  for (const project of projects) {
    if (signal?.aborted) break;
    const started = Date.now();
    const options: ts.CompilerOptions = {
      ...project.parsed.options,
      noEmit: true,
      incremental: false,
      composite: false,
      declaration: false,
      emitDeclarationOnly: false,
      tsBuildInfoFile: undefined,
    };
    const found: ts.Diagnostic[] = [...project.configErrors, ...project.parsed.errors];
    let fileCount = 0;
    if (project.parsed.fileNames.length > 0) {
      // References are not passed: each project is checked over its own sources, so no `tsc -b` output is needed.
      const program = ts.createProgram({ rootNames: project.parsed.fileNames, options, host: files.compilerHost(options) });
      programs.set(project.config, program);
      fileCount = program.getRootFileNames().length;
      found.push(...ts.getPreEmitDiagnostics(program));
    }
    let errors = 0;
    for (const d of found) {
      if (d.category !== ts.DiagnosticCategory.Error && d.category !== ts.DiagnosticCategory.Warning) continue;
      const diag = toDiagnostic(files.root, d, project.config);
      const key = `${diag.file}\0${diag.line}\0${diag.column}\0${diag.code}\0${diag.message}`;
      const known = byKey.get(key);
      if (known) {
        if (!known.projects.includes(project.config)) known.projects.push(project.config);
      } else byKey.set(key, diag);
      if (diag.severity === 'error') errors++;
    }
    runs.push({ config: project.config, files: fileCount, errors, durationMs: Date.now() - started });
  }
  return { diagnostics: [...byKey.values()], projects: runs, programs };
}

function toDiagnostic(root: string, d: ts.Diagnostic, project: string): TypeDiagnostic {
  const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
  const severity = d.category === ts.DiagnosticCategory.Error ? 'error' : 'warning';
  if (!d.file || d.start === undefined)
    return { file: null, line: 1, column: 1, endLine: 1, endColumn: 1, code: d.code, severity, message, projects: [project] };
  const start = d.file.getLineAndCharacterOfPosition(d.start);
  const end = d.file.getLineAndCharacterOfPosition(d.start + (d.length ?? 0));
  const file = path.relative(root, d.file.fileName).split(path.sep).join('/');
  // A TypeScript lib file (outside the workspace): named, not located.
  if (file.startsWith('../'))
    return {
      file: null,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
      code: d.code,
      severity,
      message: `${path.basename(d.file.fileName)}: ${message}`,
      projects: [project],
    };
  return {
    file,
    line: start.line + 1,
    column: start.character + 1,
    endLine: end.line + 1,
    endColumn: Math.max(end.character, start.character + 1),
    code: d.code,
    severity,
    message,
    projects: [project],
    start: d.start,
    length: d.length ?? 0,
  };
}
