/** Diagnostics grouped by cause (the catalogue entry of their code, else the code) and by file, with the catalogue's explanation. */
import { bestMatch } from '../explain/match-error.js';
import type { Category } from '../explain/entry.js';
import type { TypeDiagnostic } from './check-projects.js';

export interface CauseGroup {
  /** `typescript/TS2304`, or `TS<code>` when the catalogue has no entry for it. */
  cause: string;
  code: number;
  category: Category | 'other';
  title: string;
  explanation: string | null;
  fixes: string[];
  count: number;
  files: string[];
}

export interface FileGroup {
  file: string;
  errors: number;
  warnings: number;
  codes: number[];
}

export function groupByCause(diagnostics: TypeDiagnostic[]): CauseGroup[] {
  const groups = new Map<number, CauseGroup>();
  for (const d of diagnostics) {
    let group = groups.get(d.code);
    if (!group) {
      const match = bestMatch(`error TS${d.code}: ${d.message.split('\n')[0]}`);
      const entry = match?.entry.code === `TS${d.code}` ? match.entry : null;
      group = {
        cause: entry ? entry.id : `TS${d.code}`,
        code: d.code,
        category: entry?.category ?? 'other',
        title: entry?.title ?? d.message.split('\n')[0]!.replace(/'[^']*'/g, "'…'"),
        explanation: entry?.explanation ?? null,
        fixes: entry?.fixes ?? [],
        count: 0,
        files: [],
      };
      groups.set(d.code, group);
    }
    group.count++;
    if (d.file && !group.files.includes(d.file)) group.files.push(d.file);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || a.code - b.code);
}

export function groupByFile(diagnostics: TypeDiagnostic[]): FileGroup[] {
  const groups = new Map<string, FileGroup>();
  for (const d of diagnostics) {
    const key = d.file ?? '(project)';
    const group = groups.get(key) ?? { file: key, errors: 0, warnings: 0, codes: [] };
    if (d.severity === 'error') group.errors++;
    else group.warnings++;
    if (!group.codes.includes(d.code)) group.codes.push(d.code);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.errors - a.errors || a.file.localeCompare(b.file));
}
