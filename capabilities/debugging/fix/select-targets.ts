/**
 * Which diagnostics of the type-check the user asked to fix: those an error text names (tsc output:
 * file, line and code; a bare message: its code or text), else those of `file` (and `line`), else all.
 */
import { errorLocations } from '../explain/error-locations.js';
import type { TypeDiagnostic } from '../typecheck/check-projects.js';

export interface TargetRequest {
  error?: string;
  file?: string;
  line?: number;
}

export function selectTargets(diagnostics: TypeDiagnostic[], request: TargetRequest): { targets: TypeDiagnostic[]; unmatched: string[] } {
  const errors = diagnostics.filter((d) => d.severity === 'error' && d.file);
  const unmatched: string[] = [];
  if (request.error) {
    const wanted: { file: string | null; line: number | null; code: number | null; text: string }[] = [];
    const locations = errorLocations(request.error).filter((l) => l.kind === 'tsc');
    for (const line of request.error.split(/\r?\n/)) {
      const code = /\bTS(\d{4,5})\b/.exec(line);
      const loc = locations.find((l) => line.includes(`${l.path}(${l.line},`) || line.includes(`${l.path}:${l.line}:`));
      if (code || loc)
        wanted.push({
          file: loc?.path ?? null,
          line: loc?.line ?? null,
          code: code ? Number(code[1]) : null,
          text: line.replace(/^.*?error\s+TS\d+:\s*/, '').trim(),
        });
    }
    if (wanted.length === 0) wanted.push({ file: null, line: null, code: null, text: request.error.trim().split('\n')[0]! });
    const picked = new Set<TypeDiagnostic>();
    for (const w of wanted) {
      const hits = errors.filter(
        (d) =>
          (w.file === null || d.file === w.file || d.file!.endsWith(`/${w.file}`)) &&
          (w.line === null || d.line === w.line) &&
          (w.code === null || d.code === w.code) &&
          (w.code !== null || w.file !== null || d.message.includes(w.text.replace(/^\w*Error:\s*/, ''))),
      );
      if (hits.length === 0)
        unmatched.push(w.file ? `${w.file}${w.line ? `:${w.line}` : ''}${w.code ? ` TS${w.code}` : ''}` : w.text.slice(0, 120));
      hits.forEach((h) => picked.add(h));
    }
    return { targets: [...picked], unmatched };
  }
  if (request.file)
    return { targets: errors.filter((d) => d.file === request.file && (request.line === undefined || d.line === request.line)), unmatched };
  return { targets: errors, unmatched };
}
