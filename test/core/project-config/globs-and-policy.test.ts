import { expect } from 'chai';
import ignore from 'ignore';
import { rebaseGlob } from '../../../core/project-config/index.js';
import { RulePolicy } from '../../../core/project-config/rule-policy.js';
import type { ProjectConfigFile } from '../../../core/project-config/index.js';

const policy = (config: ProjectConfigFile, prefix = ''): RulePolicy => RulePolicy.of({ dir: '/p', config }, prefix);
const finding = (ruleId: string, file: string, severity: 'critical' | 'high' | 'medium' | 'low' | 'info' = 'high') => ({
  ruleId,
  file,
  severity,
});

/** Whether a path inside the scanned folder matches the rebased patterns (gitignore semantics, as agentd applies them). */
const matches = (patterns: string[], file: string): boolean => patterns.length > 0 && ignore().add(patterns).ignores(file);

describe('core/project-config: globs of a config above the scanned folder, and the rule policy', () => {
  describe('rebaseGlob (config folder -> scanned subfolder "packages/api")', () => {
    const cases: [string, string, boolean][] = [
      ['*.test.ts', 'src/a.test.ts', true], // unanchored: any depth, unchanged
      ['fixtures/', 'test/fixtures/a.ts', true],
      ['packages/api/src/gen/**', 'src/gen/x.ts', true],
      ['packages/api/src/gen/**', 'lib/gen/x.ts', false],
      ['packages/*/legacy/**', 'legacy/old.ts', true],
      ['/packages/web/**', 'src/a.ts', false], // another package: matches nothing here
      ['**/generated/**', 'src/generated/a.ts', true],
      ['packages/**/snapshots/*.ts', 'test/snapshots/a.ts', true],
      ['packages/', 'anything.ts', true], // a folder above the root: everything in it
      ['packages/api', 'src/x.ts', true],
    ];
    for (const [pattern, file, expected] of cases) {
      it(`"${pattern}" ${expected ? 'covers' : 'does not cover'} ${file}`, () => {
        expect(matches(rebaseGlob(pattern, 'packages/api'), file)).to.equal(expected);
      });
    }

    it('keeps patterns as they are when the config sits in the scanned folder, and keeps negation', () => {
      expect(rebaseGlob('src/**', '')).to.deep.equal(['src/**']);
      expect(rebaseGlob('!packages/api/src/keep.ts', 'packages/api')).to.deep.equal(['!/src/keep.ts']);
    });
  });

  describe('RulePolicy', () => {
    it('turns a rule off, sets a severity, and lets the most specific pattern of an entry win', () => {
      const p = policy({ rules: { 'smells/*': 'off', 'smells/magic-number': 'low', 'security/sql-injection': 'critical' } });
      expect(p.verdict(finding('smells/long-file', 'src/a.ts', 'low'))).to.deep.equal({ off: true });
      expect(p.verdict(finding('smells/magic-number', 'src/a.ts', 'low'))).to.deep.equal({ off: false, severity: 'low' });
      expect(p.verdict(finding('security/sql-injection', 'src/a.ts', 'high'))).to.deep.equal({
        off: false,
        severity: 'critical',
        from: 'high',
      });
    });

    it('caps maintainability findings at medium by default, "none" keeps theirs, and an explicit severity beats the cap', () => {
      expect(policy({}).verdict(finding('complexity/cognitive', 'src/a.ts', 'high'))).to.deep.equal({
        off: false,
        severity: 'medium',
        from: 'high',
      });
      expect(policy({}).verdict(finding('security/sql-injection', 'src/a.ts', 'high'))).to.deep.equal({ off: false, severity: 'high' });
      expect(
        policy({ defaults: { maintainabilityCap: 'none' } }).verdict(finding('complexity/cognitive', 'src/a.ts', 'high')),
      ).to.deep.equal({ off: false, severity: 'high' });
      expect(
        policy({ rules: { 'complexity/cognitive': 'high' } }).verdict(finding('complexity/cognitive', 'src/a.ts', 'medium')),
      ).to.deep.equal({ off: false, severity: 'high', from: 'medium' });
    });

    it('gives test code its defaults: smells, naming and performance off, security at most low', () => {
      const p = policy({});
      expect(p.verdict(finding('smells/magic-number', 'test/a.test.ts', 'low'))).to.deep.equal({ off: true });
      expect(p.verdict(finding('performance/n-plus-one-query', 'src/__tests__/db.ts'))).to.deep.equal({ off: true });
      expect(p.verdict(finding('security/hardcoded-secret', 'bench/load.ts', 'high'))).to.deep.equal({
        off: false,
        severity: 'low',
        from: 'high',
      });
      expect(p.verdict(finding('security/hardcoded-secret', 'src/db.ts', 'high'))).to.deep.equal({ off: false, severity: 'high' });
      expect(policy({ defaults: { testCode: false } }).verdict(finding('smells/magic-number', 'test/a.test.ts', 'low'))).to.deep.equal({
        off: false,
        severity: 'low',
      });
    });

    it('applies overrides in order after the rules, to the files they name (globs rebased onto the scanned folder)', () => {
      const p = policy(
        {
          rules: { 'security/*': 'high' },
          overrides: [
            { files: ['packages/api/scripts/**'], rules: { 'security/command-injection': 'off' } },
            { files: ['packages/api/scripts/release.ts'], rules: { 'security/command-injection': 'medium' } },
          ],
        },
        'packages/api',
      );
      expect(p.verdict(finding('security/command-injection', 'scripts/build.ts'))).to.deep.equal({ off: true });
      expect(p.verdict(finding('security/command-injection', 'scripts/release.ts'))).to.deep.equal({
        off: false,
        severity: 'medium',
        from: 'high',
      });
      expect(p.verdict(finding('security/command-injection', 'src/run.ts', 'critical'))).to.deep.equal({
        off: false,
        severity: 'high',
        from: 'critical',
      });
    });
  });
});
