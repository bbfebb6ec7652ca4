import { expect } from 'chai';
import { toHtml } from '../../../core/report/index.js';
import { complexityFinding, sampleReport, SECURITY_META, sqlFinding } from './sample-report.js';

describe('core/report toHtml', () => {
  const html = toHtml(sampleReport());

  const embedded = (page: string): { rows: unknown[][]; lines: Record<string, [number, string][]> } =>
    JSON.parse(page.slice(page.indexOf('<script type="application/json" id="agentd-data">') + 49, page.indexOf('</script>')));

  it('embeds a finding message as data that no text can break out of: "<" is escaped inside the JSON', () => {
    const hostile = toHtml(
      sampleReport([
        sqlFinding('Value </script><script>alert("x")</script> & <img src=x onerror=alert(1)> reaches SQL.'),
        complexityFinding(),
      ]),
    );
    expect(hostile.match(/<script/g)).to.have.length(2); // the data element and the page's own script
    expect(hostile).to.not.contain('<img');
    expect(hostile).to.contain('Value \\u003c/script>\\u003cscript>alert(\\"x\\")');
    expect(embedded(hostile).rows.map((row) => row[8])).to.include(
      'Value </script><script>alert("x")</script> & <img src=x onerror=alert(1)> reaches SQL.',
    );
  });

  it("embeds the code frames' lines as data, escaped the same way", () => {
    const source = sampleReport().sources['src/routes/orders.ts']!.replace('res.json(rows);', 'res.send("<b>bold</b>");');
    const page = toHtml(sampleReport(undefined, source));
    expect(page).to.not.contain('<b>bold</b>');
    const lines = Object.values(embedded(page).lines)[0]!;
    expect(lines.map(([n]) => n)).to.deep.equal([4, 5, 6, 7, 8, 9, 10, 11, 12].filter((n) => n <= 12 && n >= 4).slice(0, lines.length));
    expect(lines.find(([n]) => n === 9)![1]).to.equal('  res.send("<b>bold</b>");');
  });

  it('is one self-contained file: inline style and script, no external scripts, stylesheets, images or fonts', () => {
    expect(html).to.match(/^<!doctype html>/);
    expect(html).to.contain('<style>');
    expect(html).to.not.match(/<link|<img|<iframe|@import|url\(|\ssrc=/i);
    expect(html.match(/<script[^>]*>/g)).to.deep.equal(['<script type="application/json" id="agentd-data">', '<script>']);
    expect(html).to.not.match(/https?:\/\/(?!cwe\.mitre\.org\/|www\.w3\.org\/2000\/svg)/);
  });

  it('charts the counts by severity and by check, each bar a filter', () => {
    expect(html).to.contain('<h2>By severity</h2>').and.to.contain('<h2>By check</h2>');
    expect(html).to.match(
      /<g class="bar" data-pick-sev="0"[^>]*><text[^>]*>critical<\/text><rect[^>]*fill="#8b0a2a"><title>critical: 1<\/title>/,
    );
    expect(html).to.contain('data-pick-check="0"').and.to.contain('data-pick-check="1"');
    expect(html).to.match(/<option value="\d">security\/sql-injection \(1\)<\/option>/);
  });

  it('opens with counts by severity and by category', () => {
    expect(html).to.match(/<div class="card critical"><div class="n">1<\/div><div class="l">critical<\/div>/);
    expect(html).to.match(/<div class="card medium"><div class="n">1<\/div>/);
    expect(html).to.contain('<td>injection</td><td class="num">1</td>');
    expect(html).to.contain('<td>complexity</td><td class="num">1</td>');
  });

  it('charts finding density per folder as inline SVG bars when no quality scores exist', () => {
    expect(html).to.contain('Finding density by folder');
    expect(html).to.match(/<svg [^>]*role="img"/);
    // src/routes: 2 findings in 11 lines = 181.8 per 1,000 lines.
    expect(html).to.contain('181.8 / kLOC (2 in 11 lines)');
  });

  it("charts analysis.quality's folder scores when that check reported them", () => {
    const report = sampleReport();
    report.runs.push({
      capability: 'analysis.quality',
      summary: 'Scored.',
      findings: 0,
      durationMs: 1,
      data: {
        folders: [
          { folder: 'src/routes', score: 62, grade: 'D' },
          { folder: 'src', score: 91, grade: 'A' },
        ],
      },
    });
    // The chart follows the meta (report.folderScores), not the id: without it, finding density.
    expect(toHtml(report)).not.to.contain('62 (D)');
    report.capabilities.push({ ...SECURITY_META, id: 'analysis.quality', title: 'Quality', rules: [], report: { folderScores: true } });
    const page = toHtml(report);
    expect(page).to.contain('Quality by folder');
    expect(page.indexOf('>src/routes<')).to.be.lessThan(page.indexOf('>src<'));
    expect(page).to.contain('62 (D)');
  });
});
