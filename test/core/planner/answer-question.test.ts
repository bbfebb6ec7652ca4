import { expect } from 'chai';
import { answeredTasks, chosenOption } from '../../../core/planner/answer-question.js';
import type { QuestionOutcome } from '../../../core/planner/index.js';

const didYouMean: QuestionOutcome = {
  kind: 'question',
  message: 'did you mean "useTasks" or "useTask2"?',
  options: ['useTasks', 'useTask2'],
  replaces: 'useTask',
};

describe('core/planner: answers to questions', () => {
  const picks: [string, string | null][] = [
    ['yes', 'useTasks'],
    ['2', 'useTask2'],
    ['the second one', 'useTask2'],
    ['"useTasks"', 'useTasks'],
    ['usetasks', 'useTasks'],
    ['something else entirely', null],
  ];
  for (const [answer, expected] of picks) {
    it(`"${answer}" picks ${String(expected)}`, () => {
      expect(chosenOption(answer, didYouMean)).to.equal(expected);
    });
  }

  it('replaces the mistyped words only where they stand alone', () => {
    expect(answeredTasks('rename useTask to useTaskList', didYouMean, 'yes')).to.deep.equal(['rename useTasks to useTaskList']);
  });

  it('completes the original task with a free answer to an open question', () => {
    const open: QuestionOutcome = { kind: 'question', message: 'What should "priceOrder" be renamed to?', options: [] };
    expect(answeredTasks('rename priceOrder', open, 'quoteOrder')).to.deep.equal([
      'rename priceOrder quoteOrder',
      'rename priceOrder to quoteOrder',
      'rename priceOrder called quoteOrder',
    ]);
  });
});
