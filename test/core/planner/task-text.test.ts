import { expect } from 'chai';
import { keywordWords, tokenize } from '../../../core/planner/task-text.js';
import { plannerWords } from '../../../core/planner/known-terms.js';
import { defaultRoots, loadRegistry } from '../../../core/registry/index.js';

const kinds = (task: string): string[] => tokenize(task).map((t) => `${t.kind}:${t.text}`);

describe('core/planner: task text', () => {
  it('tells paths, code names, quoted strings, numbers and words apart', () => {
    expect(kinds('rename getUser to "fetch user" in src/app.ts lines 10-20')).to.deep.equal([
      'word:rename',
      'ident:getUser',
      'word:to',
      'quoted:fetch user',
      'word:in',
      'path:src/app.ts',
      'word:lines',
      'number:10',
      'number:20',
    ]);
  });

  it('reads a bare file name and a folder with a trailing slash as paths', () => {
    expect(kinds('check priority.ts and lib/')).to.deep.equal(['word:check', 'path:priority.ts', 'word:and', 'path:lib/']);
  });

  it('reads "let/const" and "async/await" as prose, not paths', () => {
    expect(kinds('var to let/const')).to.deep.equal(['word:var', 'word:to', 'word:let', 'word:const']);
    expect(kinds('async/await')).to.deep.equal(['word:async', 'word:await']);
  });

  it('keeps product names written like code when they are known terms, and drops code names', async function () {
    this.timeout(60_000);
    // Known terms: the intent keywords and vocabulary phrases of the registered metas ("openapi": documentation.api).
    const { known } = plannerWords((await loadRegistry({ roots: defaultRoots() })).list());
    const words = keywordWords(tokenize('create an OpenAPI document for TaskForm'), known);
    expect(words).to.deep.equal(['create', 'an', 'openapi', 'document', 'for']);
  });

  it('splits hyphenated words', () => {
    expect(keywordWords(tokenize('end-to-end tests'))).to.deep.equal(['end', 'to', 'end', 'tests']);
  });
});
