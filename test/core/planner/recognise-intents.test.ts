import { expect } from 'chai';
import { keywordWords, tokenize } from '../../../core/planner/task-text.js';
import { scoreIntents, scoringWords, selectIntents } from '../../../core/planner/recognise-intents.js';

const intents = (task: string): string[] => selectIntents(scoreIntents(scoringWords(keywordWords(tokenize(task))))).map((m) => m.intent.id);

describe('core/planner: recognising intents', () => {
  const table: [string, string[]][] = [
    ['audit security', ['audit-security']],
    ['secuirty audit please', ['audit-security']],
    ['find performance problems', ['find-performance']],
    ['audit security and performance', ['audit-security', 'find-performance']],
    ['performance and then security', ['find-performance', 'audit-security']],
    ['write component tests', ['test-component']],
    ['generate a component', ['gen-component']],
    ['find duplicate code', ['duplication']],
    ['remove duplicate code', ['dedupe']],
    ['refactr this', ['suggest']],
    ['renmae it', ['rename']],
    ['write integration tests for the orders routes', ['test-integration']],
    ['order a pizza', []],
    ['make it better', []],
  ];
  for (const [task, expected] of table) {
    it(`"${task}" -> ${expected.join(', ') || 'nothing'}`, () => {
      expect(intents(task)).to.deep.equal(expected);
    });
  }

  it('scores the same words once per intent even when two keywords match them', () => {
    const [fixtures] = scoreIntents(['fixtures']);
    expect(fixtures!.intent.id).to.equal('test-fixtures');
    expect(fixtures!.score).to.equal(3.5);
  });
});
