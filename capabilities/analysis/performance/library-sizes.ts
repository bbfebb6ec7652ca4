/**
 * The size a whole-library import adds to a browser bundle, for the libraries where that is the usual
 * mistake. Figures are minified and gzipped sizes of the named version's whole-package bundle as
 * published by bundlephobia.com (rounded to the kB); they were not re-measured on this machine (these
 * packages are not installed here), so treat them as orders of magnitude and update them with the table.
 */
export interface LibrarySize {
  /** The import source that pulls in everything. */
  source: string;
  version: string;
  minifiedKB: number;
  gzippedKB: number;
  /** Which imports count: 'any' (every import of the source; it cannot be tree-shaken), 'bare' (side-effect import only). */
  imports: 'any' | 'bare';
  alternative: string;
}

export const LIBRARY_SIZES: LibrarySize[] = [
  {
    source: 'lodash',
    version: '4.17.21',
    minifiedKB: 71,
    gzippedKB: 25,
    imports: 'any',
    alternative: "per-method imports ('lodash/debounce') or lodash-es, which bundlers tree-shake",
  },
  {
    source: 'underscore',
    version: '1.13.6',
    minifiedKB: 19,
    gzippedKB: 7,
    imports: 'any',
    alternative: 'native Array/Object methods, or per-function modules (underscore/modules/*)',
  },
  {
    source: 'moment',
    version: '2.30.1',
    minifiedKB: 290,
    gzippedKB: 72,
    imports: 'any',
    alternative: 'dayjs (~3 kB gzipped) or date-fns per-function imports; moment is in maintenance mode and ships every locale',
  },
  {
    source: 'chart.js/auto',
    version: '4.4.1',
    minifiedKB: 205,
    gzippedKB: 70,
    imports: 'any',
    alternative: "import the controllers, elements and scales you use from 'chart.js' and Chart.register() them",
  },
  {
    source: 'core-js',
    version: '3.35.0',
    minifiedKB: 240,
    gzippedKB: 75,
    imports: 'bare',
    alternative: "@babel/preset-env with useBuiltIns: 'usage', or the specific core-js/stable/* modules you need",
  },
];

export function librarySize(source: string): LibrarySize | undefined {
  return LIBRARY_SIZES.find((l) => l.source === source);
}
