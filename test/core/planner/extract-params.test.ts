import { expect } from 'chai';
import {
  extractCount,
  extractFields,
  extractLineRange,
  extractMinSeverity,
  extractThreshold,
  nameAfterMarker,
} from '../../../core/planner/extract-params.js';
import { tokenize } from '../../../core/planner/task-text.js';

describe('core/planner: parameters in prose', () => {
  it('reads fields and types in several notations, normalised to TypeScript', () => {
    expect(extractFields('with fields name:string, age: number, email?:text, tags:string[] and born (date)')).to.deep.equal([
      { name: 'name', type: 'string', optional: false },
      { name: 'age', type: 'number', optional: false },
      { name: 'email', type: 'string', optional: true },
      { name: 'tags', type: 'string[]', optional: false },
      { name: 'born', type: 'Date', optional: false },
    ]);
    expect(extractFields('rename getUser to fetchUser')).to.deep.equal([]);
  });

  const severities: [string, string | null][] = [
    ['only high severity', 'high'],
    ['critical and high only', 'high'],
    ['at least medium', 'medium'],
    ['severity >= low', 'low'],
    ['only critical ones', 'critical'],
    ['a high quality report', null],
    ['audit security', null],
  ];
  for (const [text, expected] of severities) {
    it(`"${text}" -> minimum severity ${String(expected)}`, () => {
      expect(extractMinSeverity(text)).to.equal(expected);
    });
  }

  it('reads line ranges in either order and several spellings', () => {
    expect(extractLineRange('extract lines 10-20')).to.deep.equal({ start: 10, end: 20 });
    expect(extractLineRange('line 30 to 25')).to.deep.equal({ start: 25, end: 30 });
    expect(extractLineRange('L5-L9')).to.deep.equal({ start: 5, end: 9 });
    expect(extractLineRange('no range here')).to.equal(null);
  });

  it('reads counts and thresholds', () => {
    expect(extractCount('top 5 issues')).to.equal(5);
    expect(extractCount('the 3 worst files')).to.equal(3);
    expect(extractThreshold('complexity above 12')).to.equal(12);
    expect(extractThreshold('check complexity')).to.equal(null);
  });

  it('reads the name given after "called", "named", "call it", "call the shared function"', () => {
    const name = (t: string): string | null => nameAfterMarker(t, tokenize(t));
    expect(name('a component called ProfileCard')).to.equal('ProfileCard');
    expect(name('a hook named "useDebounce"')).to.equal('useDebounce');
    expect(name('call it formatMoney instead')).to.equal('formatMoney');
    expect(name('call the shared function normalise')).to.equal('normalise');
    expect(name('generate a component')).to.equal(null);
  });
});
