/**
 * The shipped offline advisory list, entry by entry: well-formed ids, ranges, fixed versions, CWE ids and
 * links, and the spot-checked facts (docs/advisories.md, "How the shipped list was checked") that a
 * careless edit of advisories.json could undo.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { SHIPPED_ADVISORIES, isAffected, shippedAdvisories, validateAdvisoryFile, type Advisory } from '../../../core/advisories/index.js';

const OPTIONS = { includePrerelease: true, loose: true } as const;
const GHSA = /^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/;
const CVE = /^CVE-\d{4}-\d{4,}$/;
const LOCAL = /^AGENTD-(@?[a-z0-9._-]+\/)?[a-z0-9._-]+-\d{4}-(0[1-9]|1[0-2])(-malware)?$/;
const CWE = /^CWE-[1-9]\d*$/;

const raw = JSON.parse(readFileSync(SHIPPED_ADVISORIES, 'utf8')) as { advisories: Advisory[]; checkedPackages: string[] };
const label = (a: Advisory): string => `${a.package} ${a.id}`;
/** Malware entries name the last clean version, which may be below the bad ones. */
const isMalware = (a: Advisory): boolean => a.cwe.includes('CWE-506');

/** Each `||` line of a range whose bounds are releases (a line of pre-releases, 5.0.0-alpha.1..beta.3, may stay unfixed on the newest line). */
function releaseLines(range: string): (readonly semver.Comparator[])[] {
  return new semver.Range(range, OPTIONS).set.filter((set) => set.every((c) => c.value === '' || c.semver.prerelease.length === 0));
}

describe('capabilities/analysis/advisories shipped list', () => {
  it("passes the loader's own validation unchanged (agentd uses it without validating it again)", () => {
    const file = shippedAdvisories();
    expect(file.advisories).to.have.length(raw.advisories.length);
    expect(validateAdvisoryFile(raw).advisories.map(label)).to.deep.equal(raw.advisories.map(label));
    // Every field, not only the labels: shippedAdvisories() hands out the file as it is.
    expect(validateAdvisoryFile(raw)).to.deep.equal(raw);
    expect(file).to.deep.equal(raw);
    expect(raw.advisories.length).to.be.above(200);
  });

  it('every entry is well-formed: id, range, fixed version outside the range and above each release line, CWE ids, links, dates', () => {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const a of raw.advisories) {
      const p = (what: string): number => problems.push(`${label(a)}: ${what}`);
      if (!GHSA.test(a.id) && !CVE.test(a.id) && !LOCAL.test(a.id)) p('id is neither GHSA, CVE nor AGENTD-<package>-<yyyy-mm>');
      if (seen.has(label(a))) p('listed twice');
      seen.add(label(a));
      if (semver.validRange(a.vulnerableRange, OPTIONS) === null) p(`range "${a.vulnerableRange}" is not a semver range`);
      else if (a.patchedVersion !== null) {
        if (semver.valid(a.patchedVersion) === null) p(`fixed version "${a.patchedVersion}" is not a version`);
        else if (isAffected(a.patchedVersion, a)) p(`fixed version ${a.patchedVersion} is inside the range`);
        else if (!isMalware(a)) {
          for (const line of releaseLines(a.vulnerableRange)) {
            if (!semver.gtr(a.patchedVersion, new semver.Range(line.map(String).join(' '), OPTIONS), OPTIONS))
              p(`fixed version ${a.patchedVersion} is below the affected line ${line.join(' ')}`);
          }
        }
      }
      for (const cwe of a.cwe) if (!CWE.test(cwe)) p(`"${cwe}" is not a CWE id`);
      for (const alias of a.aliases ?? []) if ((!GHSA.test(alias) && !CVE.test(alias)) || alias === a.id) p(`alias "${alias}"`);
      if (a.url !== undefined && !/^https:\/\/\S+$/.test(a.url)) p(`url "${a.url}"`);
      if (GHSA.test(a.id) && a.url !== undefined && a.url !== `https://github.com/advisories/${a.id}`)
        p(`url ${a.url} is not the advisory's page`);
      if (a.published !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(a.published) || Number.isNaN(Date.parse(a.published))))
        p(`published "${a.published}"`);
      if (!raw.checkedPackages.includes(a.package)) p('package missing from checkedPackages');
    }
    expect(problems).to.deep.equal([]);
  });

  // Spot-checked against the GitHub advisories (see docs/advisories.md): [package, id, vulnerable, not vulnerable].
  const spotChecks: [string, string, string[], string[]][] = [
    ['lodash', 'GHSA-jf85-cpcp-j695', ['4.17.11'], ['4.17.12']],
    ['minimist', 'GHSA-xvch-5gv4-984h', ['0.2.3', '1.2.5'], ['0.2.4', '1.2.6']],
    ['axios', 'GHSA-wf5p-g6vw-rhxx', ['0.27.2', '1.5.1'], ['0.28.0', '1.6.0']],
    ['axios', 'GHSA-jr5f-v2jv-69x6', ['0.29.0', '1.8.1'], ['0.30.0', '1.8.2']],
    ['axios', 'GHSA-4hjh-wcwx-xvwj', ['0.30.1', '1.11.0'], ['0.30.2', '1.12.0']],
    ['jsonwebtoken', 'GHSA-8cf7-32gw-wr33', ['8.5.1'], ['9.0.0']],
    ['express', 'GHSA-rv95-896h-c2vc', ['4.19.1'], ['4.19.2']],
    ['ws', 'GHSA-6fc8-4gx4-v693', ['7.4.5', '6.2.1'], ['7.4.6', '6.2.2', '8.0.0']],
    ['ws', 'GHSA-3h5v-q93c-6h6q', ['8.17.0', '7.5.9'], ['8.17.1', '7.5.10']],
    ['semver', 'GHSA-c2qf-rxjj-qqgw', ['7.5.1', '6.3.0', '5.7.1'], ['7.5.2', '6.3.1', '5.7.2']],
    ['tough-cookie', 'GHSA-72xf-g2v4-qvf3', ['4.1.2'], ['4.1.3']],
    ['follow-redirects', 'GHSA-74fj-2j2h-c42q', ['1.14.6'], ['1.14.7']],
    ['follow-redirects', 'GHSA-cxjh-pqwp-8mfp', ['1.15.5'], ['1.15.6']],
    ['word-wrap', 'GHSA-j8xg-fqg3-53r7', ['1.2.3'], ['1.2.4']],
    ['json5', 'GHSA-9c47-m6qq-7p4h', ['1.0.1', '2.2.1'], ['1.0.2', '2.2.2']],
    ['qs', 'GHSA-hrpp-h998-j3pp', ['6.10.2', '6.5.2'], ['6.10.3', '6.5.3']],
    ['path-to-regexp', 'GHSA-9wv6-86v2-598j', ['0.1.9', '6.2.2'], ['0.1.10', '6.3.0', '8.0.0']],
    ['body-parser', 'GHSA-qwcr-r2fm-qrc7', ['1.20.2'], ['1.20.3']],
    ['cookie', 'GHSA-pxg6-pf52-xh8x', ['0.6.0'], ['0.7.0']],
    ['send', 'GHSA-m6fv-jmcg-4jfg', ['0.18.0'], ['0.19.0']],
    ['serve-static', 'GHSA-cm22-4g7w-348p', ['1.15.0'], ['1.16.0', '2.1.0']],
    ['braces', 'GHSA-grv7-fg5c-xmjg', ['3.0.2'], ['3.0.3']],
    ['micromatch', 'GHSA-952p-6rrq-rcjv', ['4.0.7'], ['4.0.8']],
    ['cross-spawn', 'GHSA-3xgq-45jj-v275', ['7.0.4', '6.0.5'], ['7.0.5', '6.0.6']],
    ['nanoid', 'GHSA-mwcw-c2x4-8c55', ['3.3.7', '5.0.8'], ['3.3.8', '5.0.9']],
  ];
  for (const [pkg, id, vulnerable, fixed] of spotChecks) {
    it(`${pkg} ${id}: affects ${vulnerable.join(', ')}, not ${fixed.join(', ')}`, () => {
      const entry = raw.advisories.find((a) => a.package === pkg && a.id === id);
      expect(entry, `${pkg} ${id} in the list`).to.not.equal(undefined);
      for (const v of vulnerable) expect(isAffected(v, entry!), `${v} affected`).to.equal(true);
      for (const v of fixed) expect(isAffected(v, entry!), `${v} not affected`).to.equal(false);
    });
  }
});
