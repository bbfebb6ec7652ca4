import { expect } from 'chai';
import { assignFingerprints, normalisedLines } from '../../../core/report/index.js';
import { ROUTE_SOURCE, sqlFinding } from './sample-report.js';

const FILE = 'src/routes/orders.ts';

/** The same finding, moved down by `by` lines (as inserting code above it moves it). */
function moved(by: number): ReturnType<typeof sqlFinding> {
  const finding = sqlFinding();
  return { ...finding, range: { ...finding.range, startLine: finding.range.startLine + by, endLine: finding.range.endLine + by } };
}

describe('core/report fingerprints', () => {
  it('stay the same when the code moves down because lines were inserted above it', () => {
    const before = assignFingerprints([sqlFinding()], { [FILE]: ROUTE_SOURCE });
    const shifted = `// a new header comment\n// and another line\n\n${ROUTE_SOURCE}`;
    const after = assignFingerprints([moved(3)], { [FILE]: shifted });
    expect(after[0]!.fingerprint).to.equal(before[0]!.fingerprint);
  });

  it('ignore changes of indentation and inner whitespace on the line', () => {
    const reindented = ROUTE_SOURCE.replace('  const rows = await db.query(', '        const   rows = await db.query(');
    const a = assignFingerprints([sqlFinding()], { [FILE]: ROUTE_SOURCE });
    const b = assignFingerprints([sqlFinding()], { [FILE]: reindented });
    expect(b[0]!.fingerprint).to.equal(a[0]!.fingerprint);
  });

  it('change when the flagged code itself changes', () => {
    const edited = ROUTE_SOURCE.replace('WHERE id = ${id}', 'WHERE ref = ${id}');
    const a = assignFingerprints([sqlFinding()], { [FILE]: ROUTE_SOURCE });
    const b = assignFingerprints([sqlFinding()], { [FILE]: edited });
    expect(b[0]!.fingerprint).to.not.equal(a[0]!.fingerprint);
  });

  it('tell identical lines apart by their occurrence index, in position order', () => {
    const twice = `${ROUTE_SOURCE}\n${ROUTE_SOURCE}`;
    const second = moved(11);
    const prints = assignFingerprints([second, sqlFinding()], { [FILE]: twice });
    expect(prints.map((p) => p.range.startLine)).to.deep.equal([8, 19]);
    expect(prints[0]!.fingerprint).to.not.equal(prints[1]!.fingerprint);
    // The first occurrence keeps the fingerprint it had when it was alone.
    expect(prints[0]!.fingerprint).to.equal(assignFingerprints([sqlFinding()], { [FILE]: ROUTE_SOURCE })[0]!.fingerprint);
  });

  it('do not depend on the message, which often carries a measured value', () => {
    const a = assignFingerprints([sqlFinding('complexity of 12')], { [FILE]: ROUTE_SOURCE });
    const b = assignFingerprints([sqlFinding('complexity of 13')], { [FILE]: ROUTE_SOURCE });
    expect(a[0]!.fingerprint).to.equal(b[0]!.fingerprint);
  });

  it('take a long range (a whole function) by its first line only', () => {
    expect(normalisedLines(ROUTE_SOURCE, 6, 10)).to.equal("router.get('/orders', async (req, res) => {");
    expect(normalisedLines(ROUTE_SOURCE, 7, 8)).to.equal(
      'const id = req.query.id;\nconst rows = await db.query(`SELECT * FROM orders WHERE id = ${id}`);',
    );
  });

  it('reads lines the same from a text, with CRLF or LF ends, as from the text split into lines', () => {
    const text = 'first\r\n  second   line \r\n\tthird\n\nfifth';
    // What the fingerprint's lines were before they were read from line starts: split, sliced, collapsed.
    const bySplitting = (from: number, to: number): string => {
      const last = to - from + 1 <= 3 ? to : from;
      return text
        .split(/\r?\n/)
        .slice(Math.max(0, from - 1), Math.max(0, last))
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .join('\n');
    };
    for (const [from, to] of [
      [1, 1],
      [1, 3],
      [2, 4],
      [4, 5],
      [5, 9],
      [7, 8],
      [0, 2],
    ] as const) {
      expect(normalisedLines(text, from, to), `${from}-${to}`).to.equal(bySplitting(from, to));
    }
    expect(normalisedLines(text, 1, 3)).to.equal('first\nsecond line\nthird');
  });
});
