import { expect } from 'chai';
import { keywordWords, tokenize } from '../../../core/planner/task-text.js';
import { scoreIntents, scoringWords, selectIntents } from '../../../core/planner/recognise-intents.js';
import { intentTable, type IntentDef } from '../../../core/planner/intent-table.js';
import { defaultRoots, loadRegistry } from '../../../core/registry/index.js';

// The intents come from the registered capabilities' planning metadata.
let table: IntentDef[] = [];
const intents = (task: string): string[] =>
  selectIntents(scoreIntents(scoringWords(keywordWords(tokenize(task))), table)).map((m) => m.intent.id);

describe('core/planner: recognising intents', () => {
  before(async function () {
    this.timeout(60_000);
    table = intentTable((await loadRegistry({ roots: defaultRoots() })).list());
  });

  const cases: [string, string[]][] = [
    ['audit security', ['audit-security']],
    ['secuirty audit please', ['audit-security']],
    ['find performance problems', ['find-performance']],
    ['audit security and performance', ['audit-security', 'find-performance']],
    ['performance and then security', ['find-performance', 'audit-security']],
    ['write unit tests', ['test-unit']],
    ['run the tests', ['verify']],
    ['find duplicate code', ['duplication']],
    ['remove duplicate code', ['dedupe']],
    ['refactr this', ['suggest']],
    ['renmae it', ['rename']],
    ['write unit tests and a README', ['test-unit', 'doc-readme']],
    ['order a pizza', []],
    ['make it better', []],
  ];
  for (const [task, expected] of cases) {
    it(`"${task}" -> ${expected.join(', ') || 'nothing'}`, () => {
      expect(intents(task)).to.deep.equal(expected);
    });
  }

  it('scores the same words once per intent even when two keywords match them', () => {
    // "dependencies" and "dependency" both match the word "dependencies": it counts once (weight 3).
    const [dependencies] = scoreIntents(['dependencies'], table);
    expect(dependencies!.intent.id).to.equal('dependencies');
    expect(dependencies!.score).to.equal(3);
  });
});
