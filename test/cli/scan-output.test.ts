/** How `agentd scan` writes a report file: atomically, and in pieces that keep every character whole. */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SCAN_FORMATS } from '../../cli/commands/scan-formats.js';
import { render, writeAtomically } from '../../cli/commands/scan-output.js';
import { runScan } from '../../core/scan/index.js';
import { copyFixture, tempDir } from '../core/scan/sample-project.js';

describe('agentd scan report files', () => {
  it('writes the UTF-8 of the text, characters of every width and pairs across the pieces included, and leaves no temp file', async () => {
    // Pieces are 65,536 UTF-16 units: a surrogate pair on each side of every boundary, 2- and 3-byte characters between.
    const unit = 'a\u00e9\u2014\ud83d\ude00';
    const texts = [
      '',
      'plain',
      unit.repeat(70_000),
      `${'x'.repeat(65_535)}\ud83d\ude00tail`,
      `${'y'.repeat(65_536)}\u00e9`,
      `lone \ud800 end`,
    ];
    const dir = tempDir();
    for (const [i, text] of texts.entries()) {
      const file = path.join(dir, 'nested', `report-${i}.sarif`);
      await writeAtomically(file, text);
      expect(readFileSync(file).equals(Buffer.from(text, 'utf8')), `text ${i}`).to.equal(true);
    }
    expect(readdirSync(path.join(dir, 'nested')).filter((name) => name.endsWith('.tmp'))).to.deep.equal([]);
  });

  it("writes every format's report of a real scan as it renders it", async () => {
    const report = await runScan({ root: copyFixture(), checks: ['all'] });
    expect(report.findings.length).to.be.greaterThan(0);
    const dir = tempDir();
    for (const format of SCAN_FORMATS) {
      const text = render(report, format);
      const file = path.join(dir, `report.${format}`);
      await writeAtomically(file, text);
      expect(readFileSync(file, 'utf8'), format).to.equal(text);
    }
  });
});
