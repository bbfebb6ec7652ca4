/**
 * naming/inconsistent across the project: value bindings (variables, constants, functions, parameters)
 * whose words are the same but whose separators differ, snake_case against camelCase. The spelling used
 * less often is reported (on a tie, the snake_case one: camelCase is the JavaScript norm).
 */
import type { Finding } from '../../../core/index.js';
import { core, isOneWord, multiWordStyle, wordsOf } from './case-styles.js';
import type { DeclaredName } from './declarations.js';

const BINDING_KINDS = new Set(['variable', 'constant', 'function', 'parameter']);

type Spelling = 'snake_case' | 'camelCase';
const SNAKE = 1;
const CAMEL = 2;

interface Occurrence {
  file: string;
  declared: DeclaredName;
  style: Spelling;
}

/** The names spelt with one list of words: the spellings seen (bits), then the occurrences when both were. */
interface WordGroup {
  spellings: number;
  occurrences: Occurrence[];
}

interface Reading {
  style: Spelling;
  group: WordGroup;
}

export function inconsistentFindings(files: { file: string; names: DeclaredName[] }[]): Finding[] {
  // In first-seen order of their words, as the findings are listed.
  const groups = new Map<string, WordGroup>();
  // A project repeats its names (i, value, options...): each distinct multi-word name is read once.
  const readings = new Map<string, Reading | null>();
  const readingOf = (name: string): Reading | null => {
    if (isOneWord(name)) return null;
    let reading = readings.get(name);
    if (reading === undefined) {
      // styleOf(name), reading the words once for the style and the key.
      const words = wordsOf(name);
      const style = words.length < 2 ? undefined : multiWordStyle(core(name));
      if (style === 'snake_case' || style === 'camelCase') {
        const key = words.join(' ');
        let group = groups.get(key);
        if (!group) groups.set(key, (group = { spellings: 0, occurrences: [] }));
        reading = { style, group };
      } else reading = null;
      readings.set(name, reading);
    }
    return reading;
  };
  // First the spellings each group has; occurrences are kept only for groups that have both, which
  // are few (most words are spelt one way).
  const read: (Reading | null)[] = [];
  for (let f = 0; f < files.length; f++) {
    const names = files[f]!.names;
    for (let i = 0; i < names.length; i++) {
      const declared = names[i]!;
      if (!BINDING_KINDS.has(declared.kind)) continue;
      const reading = readingOf(declared.name);
      read.push(reading);
      if (reading) reading.group.spellings |= reading.style === 'snake_case' ? SNAKE : CAMEL;
    }
  }
  let at = 0;
  for (let f = 0; f < files.length; f++) {
    const { file, names } = files[f]!;
    for (let i = 0; i < names.length; i++) {
      const declared = names[i]!;
      if (!BINDING_KINDS.has(declared.kind)) continue;
      const reading = read[at++];
      if (reading && reading.group.spellings === (SNAKE | CAMEL)) reading.group.occurrences.push({ file, declared, style: reading.style });
    }
  }
  const findings: Finding[] = [];
  for (const { spellings, occurrences } of groups.values()) {
    if (spellings !== (SNAKE | CAMEL)) continue;
    const snake = occurrences.filter((o) => o.style === 'snake_case');
    const camel = occurrences.filter((o) => o.style === 'camelCase');
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
