import { expect } from 'chai';
import { parseDuration, parseSize } from '../../../daemon/config/units.js';

describe('config units', () => {
  const sizes: Array<[string, number | null]> = [
    ['10GB', 10_000_000_000],
    ['500MB', 500_000_000],
    ['1.5 GiB', 1.5 * 2 ** 30],
    ['2kib', 2048],
    ['1KB', 1000],
    ['1TB', 1e12],
    ['4096', 4096],
    ['12 B', 12],
    [' 3 MiB ', 3 * 2 ** 20],
    ['10 parsecs', null],
    ['GB', null],
    ['-1GB', null],
    ['1.GB', null],
    ['', null],
  ];
  for (const [text, bytes] of sizes) {
    it(`reads the size ${JSON.stringify(text)} as ${bytes === null ? 'invalid' : `${bytes} bytes`}`, () => {
      expect(parseSize(text)).to.equal(bytes);
    });
  }

  const durations: Array<[string | number, number | null]> = [
    ['15m', 900_000],
    ['1h', 3_600_000],
    ['30s', 30_000],
    ['900', 900_000],
    [900, 900_000],
    ['1.5h', 5_400_000],
    ['250ms', 250],
    ['2 minutes', 120_000],
    ['1d', 86_400_000],
    ['15 fortnights', null],
    ['m', null],
    [-5, null],
    ['', null],
  ];
  for (const [text, ms] of durations) {
    it(`reads the duration ${JSON.stringify(text)} as ${ms === null ? 'invalid' : `${ms} ms`}`, () => {
      expect(parseDuration(text)).to.equal(ms);
    });
  }
});
