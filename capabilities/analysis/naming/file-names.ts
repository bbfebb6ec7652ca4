/**
 * naming/file-name. A file's name is its base name without extensions and without a .test/.spec/
 * .stories/.config suffix (`order-service.test.ts` -> `order-service`). One-word lower-case names fit
 * every style. Component files (.tsx/.jsx declaring a PascalCase component) may be PascalCase or the
 * expected style; hook files (`useThing`) may be camelCase. 'dominant' picks the style most
 * multi-word, non-component, non-hook file names use; kebab-case when there are none.
 */
import path from 'node:path';
import type { Finding } from '../../../core/index.js';
import { matchesStyle, styleOf, suggest, type CaseStyle } from './case-styles.js';
import type { FileStyle } from './options.js';

export interface FileNameFacts {
  file: string;
  component: boolean;
}

export function fileStem(file: string): string {
  return path.posix.basename(file).split('.')[0]!;
}

const isHook = (stem: string): boolean => /^use[A-Z0-9]/.test(stem);

export function dominantStyle(files: FileNameFacts[]): CaseStyle {
  const votes = new Map<CaseStyle, number>();
  for (const f of files) {
    const stem = fileStem(f.file);
    if (f.component || isHook(stem) || stem === '') continue;
    const style = styleOf(stem);
    if (style) votes.set(style, (votes.get(style) ?? 0) + 1);
  }
  let best: CaseStyle = 'kebab-case';
  let bestCount = 0;
  for (const [style, count] of votes) if (count > bestCount) [best, bestCount] = [style, count];
  return best;
}

export function fileNameFindings(files: FileNameFacts[], configured: FileStyle): Finding[] {
  const expected = configured === 'dominant' ? dominantStyle(files) : configured;
  const findings: Finding[] = [];
  for (const f of files) {
    const stem = fileStem(f.file);
    if (stem === '' || matchesStyle(stem, expected)) continue;
    if (f.component && matchesStyle(stem, 'PascalCase')) continue;
    if (isHook(stem) && matchesStyle(stem, 'camelCase')) continue;
    const suggestion = suggest(stem, expected);
    findings.push({
      ruleId: 'naming/file-name',
      severity: 'low',
      message: `File name "${path.posix.basename(f.file)}" is not ${expected}${configured === 'dominant' ? " (the project's dominant style)" : ''}; rename it, e.g. to "${suggestion}".`,
      file: f.file,
      range: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 1 },
      data: { stem, expected, component: f.component, suggestion },
    });
  }
  return findings;
}
