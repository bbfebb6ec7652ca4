/**
 * naming/inconsistent across the project: value bindings (variables, constants, functions, parameters)
 * whose words are the same but whose separators differ, snake_case against camelCase. The spelling used
 * less often is reported (on a tie, the snake_case one: camelCase is the JavaScript norm).
 */
import type { Finding } from '../../../core/index.js';
import { styleOf, wordsOf } from './case-styles.js';
import type { DeclaredName } from './declarations.js';

const BINDING_KINDS = new Set(['variable', 'constant', 'function', 'parameter']);

interface Occurrence {
  file: string;
  declared: DeclaredName;
  style: 'snake_case' | 'camelCase';
}

export function inconsistentFindings(files: { file: string; names: DeclaredName[] }[]): Finding[] {
  const byWords = new Map<string, Occurrence[]>();
  // A project repeats its names (i, value, options...): each distinct name is read once.
  const readings = new Map<string, { style: Occurrence['style']; key: string } | null>();
  for (const { file, names } of files) {
    for (const declared of names) {
      if (!BINDING_KINDS.has(declared.kind)) continue;
      let reading = readings.get(declared.name);
      if (reading === undefined) {
        const named = styleOf(declared.name);
        reading = named === 'snake_case' || named === 'camelCase' ? { style: named, key: wordsOf(declared.name).join(' ') } : null;
        readings.set(declared.name, reading);
      }
      if (reading === null) continue;
      const { style, key } = reading;
      const list = byWords.get(key) ?? [];
      list.push({ file, declared, style });
      byWords.set(key, list);
    }
  }
  const findings: Finding[] = [];
  for (const occurrences of byWords.values()) {
    const snake = occurrences.filter((o) => o.style === 'snake_case');
    const camel = occurrences.filter((o) => o.style === 'camelCase');
    if (snake.length === 0 || camel.length === 0) continue;
    const [minority, majority] = snake.length <= camel.length ? [snake, camel] : [camel, snake];
    const other = majority[0]!;
    for (const o of minority) {
      findings.push({
        ruleId: 'naming/inconsistent',
        severity: 'low',
        message: `'${o.declared.name}' is spelt '${other.declared.name}' ${majority.length} time(s) elsewhere (first in "${other.file}" line ${other.declared.range.startLine}); use one spelling.`,
        file: o.file,
        range: o.declared.range,
        data: { name: o.declared.name, preferred: other.declared.name, preferredCount: majority.length, count: minority.length },
      });
    }
  }
  return findings;
}
