/** analysis.naming as pure functions: `namingOfFile` (memoisable per content hash) and `analyzeNaming` (adds the project-wide checks). */
import type { Finding } from '../../../core/index.js';
import type { SourceUnit } from '../../../core/index.js';
import { matchesStyle } from './case-styles.js';
import { conventionFinding, meaninglessFinding } from './convention-check.js';
import { declaredNames, type DeclaredName } from './declarations.js';
import { fileNameFindings } from './file-names.js';
import { inconsistentFindings } from './inconsistent.js';
import type { NamingOptions } from './options.js';

export interface FileNaming {
  findings: Finding[];
  names: DeclaredName[];
  component: boolean;
}

export function namingOfFile(unit: SourceUnit, options: NamingOptions): FileNaming {
  const names = declaredNames(unit.root, unit.source);
  const findings: Finding[] = [];
  for (let i = 0; i < names.length; i++) {
    const declared = names[i]!;
    const convention = conventionFinding(unit.path, declared, options);
    if (convention) findings.push(convention);
    const meaningless = meaninglessFinding(unit.path, declared, options);
    if (meaningless) findings.push(meaningless);
  }
  const jsxFile = /\.[jt]sx$/.test(unit.path);
  const component =
    jsxFile &&
    names.some(
      (n) =>
        (n.kind === 'function' || n.kind === 'variable' || n.kind === 'constant') && n.pascalAllowed && matchesStyle(n.name, 'PascalCase'),
    );
  return { findings, names, component };
}

export function analyzeNaming(files: { file: string; naming: FileNaming }[], options: NamingOptions): Finding[] {
  const findings = [
    ...files.flatMap((f) => f.naming.findings),
    ...inconsistentFindings(files.map((f) => ({ file: f.file, names: f.naming.names }))),
    ...fileNameFindings(
      files.map((f) => ({ file: f.file, component: f.naming.component })),
      options.files,
    ),
  ];
  // Most comparisons are within one file: equal paths skip localeCompare, by far the dearest part.
  return findings.sort(
    (a, b) =>
      (a.file === b.file ? 0 : a.file.localeCompare(b.file)) ||
      a.range.startLine - b.range.startLine ||
      a.range.startColumn - b.range.startColumn,
  );
}
