import { expect } from 'chai';
import type { Severity } from '../../../../core/index.js';
import {
  debtScore,
  effortOf,
  gradeOf,
  maintainabilityScore,
  scoreOf,
  type Component,
} from '../../../../capabilities/analysis/quality/score.js';

describe('capabilities/analysis/quality score formula', () => {
  it('reproduces the worked example of docs/quality-score.md (64.4, grade D)', () => {
    const findings: [number, Severity, Component][] = [
      [2, 'high', 'complexity'],
      [3, 'medium', 'smells'],
      [6, 'low', 'smells'],
      [4, 'low', 'naming'],
      [1, 'medium', 'duplication'],
    ];
    const effort = findings.reduce((sum, [n, severity, component]) => sum + n * effortOf(severity, component), 0);
    expect(effort).to.equal(320);
    const score = scoreOf({ sloc: 120, effortMinutes: effort, maintainability: 18 });
    expect(score.debtRatio).to.equal(0.2667);
    expect(score.debtScore).to.equal(67.8);
    expect(score.maintainabilityScore).to.equal(45);
    expect(score.score).to.equal(64.4);
    expect(score.grade).to.equal('D');
  });

  it('maps SonarQube debt-ratio boundaries onto the grade boundaries', () => {
    expect([0, 0.05, 0.1, 0.2, 0.5, 1, 2, 5].map(debtScore)).to.deep.equal([100, 90, 80, 70, 60, 30, 0, 0]);
    expect(debtScore(0.075)).to.be.closeTo(85, 1e-9);
  });

  it('falls strictly as debt grows (every fix raises the score)', () => {
    let previous = Infinity;
    for (let ratio = 0; ratio <= 2; ratio += 0.01) {
      const value = debtScore(ratio);
      expect(value).to.be.below(previous);
      previous = value;
    }
  });

  it('grades at the boundaries: A >= 90, B >= 80, C >= 70, D >= 60, F below', () => {
    expect([100, 90, 89.9, 80, 79.9, 70, 69.9, 60, 59.9, 0].map(gradeOf)).to.deep.equal(['A', 'A', 'B', 'B', 'C', 'C', 'D', 'D', 'F', 'F']);
  });

  it('caps the maintainability component at MI 40 and floors tiny files at 10 lines', () => {
    expect(maintainabilityScore(40)).to.equal(100);
    expect(maintainabilityScore(80)).to.equal(100);
    expect(maintainabilityScore(10)).to.equal(25);
    expect(scoreOf({ sloc: 3, effortMinutes: 10, maintainability: 100 })).to.deep.include({ debtRatio: 0.1 });
    expect(scoreOf({ sloc: 0, effortMinutes: 0, maintainability: 100 }).score).to.equal(100);
  });

  it('is calibrated as the doc says: one low finding per 10 lines B, per 5 C, per 2 D, per line F', () => {
    const grade = (linesPerFinding: number): string =>
      scoreOf({ sloc: 200, effortMinutes: (200 / linesPerFinding) * effortOf('low', 'smells'), maintainability: 50 }).grade;
    expect([10, 5, 2, 1].map(grade)).to.deep.equal(['B', 'C', 'D', 'F']);
  });

  it('weighs naming at half the minutes of the other components', () => {
    expect(effortOf('low', 'naming')).to.equal(5);
    expect(effortOf('low', 'smells')).to.equal(10);
    expect(effortOf('critical', 'structure')).to.equal(120);
    expect(effortOf('info', 'complexity')).to.equal(2);
  });
});
