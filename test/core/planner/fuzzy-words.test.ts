import { expect } from 'chai';
import { closeNames, typoDistance, variants, wordMatch } from '../../../core/planner/fuzzy-words.js';

describe('core/planner: fuzzy words', () => {
  it('counts a swapped pair of letters as one edit', () => {
    expect(typoDistance('secuirty', 'security')).to.equal(1);
    expect(typoDistance('renmae', 'rename')).to.equal(1);
    expect(typoDistance('refactr', 'refactor')).to.equal(1);
    expect(typoDistance('abc', 'abc')).to.equal(0);
  });

  const cases: [string, string, number][] = [
    ['security', 'security', 1],
    ['secuirty', 'security', 0.8],
    ['renmae', 'rename', 0.8],
    ['refactr', 'refactor', 0.8],
    ['lnit', 'lint', 0.8],
    ['smells', 'smell', 1],
    ['refactoring', 'refactor', 1],
    ['types', 'type', 1],
    ['dependencies', 'dependency', 1],
    ['production', 'reproduction', 0],
    ['test', 'text', 0],
    ['rename', 'remove', 0],
    ['tset', 'test', 0.8],
    ['lint', 'list', 0],
  ];
  for (const [word, keyword, expected] of cases) {
    it(`"${word}" matches "${keyword}" with ${expected}`, () => {
      expect(wordMatch(word, keyword)).to.equal(expected);
    });
  }

  it('keeps the word among its stems', () => {
    expect(variants('modernizing')).to.include.members(['modernizing', 'modernize']);
  });

  it('ranks close names and leaves far ones out', () => {
    expect(closeNames('useTask', ['useTasks', 'useLocalStorage', 'tasksReducer'])).to.deep.equal(['useTasks']);
    expect(closeNames('getUser', ['findUser', 'priceOrder'])).to.deep.equal([]);
  });
});
