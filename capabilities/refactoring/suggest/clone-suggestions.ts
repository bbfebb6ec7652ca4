/** duplication/clone findings -> refactoring.dedupe with the pair, bigger clones first. */
import type { Finding } from '../../../core/index.js';
import type { CloneSide } from '../dedupe/options.js';
import { clampScore, refOf, type Suggestion } from './suggestion.js';

interface CloneData {
  kind?: string;
  lines?: number;
  first?: CloneSide;
  second?: CloneSide;
}

const side = (s: CloneSide): CloneSide => ({ file: s.file, startLine: s.startLine, endLine: s.endLine });

export function cloneSuggestions(findings: Finding[]): Suggestion[] {
  const suggestions: Suggestion[] = [];
  for (const finding of findings.filter((f) => f.ruleId === 'duplication/clone')) {
    const data = (finding.data ?? {}) as CloneData;
    if (!data.first || !data.second) continue;
    const lines = data.lines ?? data.first.endLine - data.first.startLine + 1;
    const where = data.first.file === data.second.file ? data.first.file : `${data.first.file} and ${data.second.file}`;
    suggestions.push({
      title: `Merge the ${lines}-line ${data.kind === 'renamed' ? 'renamed ' : ''}clone in ${where} into one function`,
      rationale: `${finding.message} Two copies drift apart; one shared function (with parameters for what differs) keeps them in step.`,
      score: clampScore(30 + lines * 2),
      findings: [refOf(finding)],
      apply: { capability: 'refactoring.dedupe', input: { clone: { a: side(data.first), b: side(data.second) }, name: 'sharedBlock' } },
    });
  }
  return suggestions;
}
