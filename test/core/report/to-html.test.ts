import { expect } from 'chai';
import { toHtml } from '../../../core/report/index.js';
import { complexityFinding, sampleReport, sqlFinding } from './sample-report.js';

describe('core/report toHtml', () => {
  const html = toHtml(sampleReport());

  it('escapes a finding message, so "<script>" in it stays text', () => {
    const hostile = toHtml(sampleReport([sqlFinding('Value <script>alert("x")</script> & <img src=x onerror=alert(1)> reaches SQL.'), complexityFinding()]));
    expect(hostile).to.not.contain('<script');
    expect(hostile).to.not.contain('<img');
    expect(hostile).to.contain('Value &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt; reaches SQL.');
  });

  it('escapes source code in excerpts', () => {
    const source = sampleReport().sources['src/routes/orders.ts']!.replace('res.json(rows);', 'res.send("<b>bold</b>");');
    const page = toHtml(sampleReport(undefined, source));
    expect(page).to.contain('res.send(&quot;&lt;b&gt;bold&lt;/b&gt;&quot;);');
    expect(page).to.not.contain('<b>bold</b>');
  });

  it('is one self-contained file: inline style, no scripts, no external stylesheets, images or fonts', () => {
    expect(html).to.match(/^<!doctype html>/);
    expect(html).to.contain('<style>');
    expect(html).to.not.match(/<script|<link|<img|<iframe|@import|url\(/i);
    // The only links are to CWE pages, which are references for the reader, not assets.
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).to.deep.equal(['https://cwe.mitre.org/data/definitions/89.html']);
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
    report.runs.push({ capability: 'analysis.quality', summary: 'Scored.', findings: 0, durationMs: 1, data: { folders: [{ folder: 'src/routes', score: 62, grade: 'D' }, { folder: 'src', score: 91, grade: 'A' }] } });
    const page = toHtml(report);
    expect(page).to.contain('Quality by folder');
    expect(page.indexOf('>src/routes<')).to.be.lessThan(page.indexOf('>src<'));
    expect(page).to.contain('62 (D)');
  });

  it('shows each finding with its code, three lines of context and the range marked, most severe first', () => {
    const sql = html.indexOf('Request input &quot;req.query.id&quot; reaches a SQL query.');
    const complexity = html.indexOf('Function has a cyclomatic complexity of 12');
    expect(sql).to.be.greaterThan(0);
    expect(sql).to.be.lessThan(complexity);
    const block = html.slice(sql, complexity);
    for (const line of [5, 6, 7, 8, 9, 10, 11]) expect(block).to.contain(`<span class="ln">${line}</span>`);
    expect(block).to.not.contain('<span class="ln">4</span>');
    expect(block).to.contain('<mark>db.query(`SELECT * FROM orders WHERE id = ${id}`)</mark>');
    expect(block).to.contain('<a href="https://cwe.mitre.org/data/definitions/89.html">CWE-89</a>');
    expect(block).to.contain('Use a parameterised query.');
    expect(block).to.contain('source: req.query.id');
  });
});
