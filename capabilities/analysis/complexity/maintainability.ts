/**
 * The maintainability index of a file, in the classic form (Oman & Hagemeister 1992; Coleman et al.
 * 1994) normalised to 0..100 as Visual Studio reports it:
 *   MI = max(0, (171 − 5.2·ln(V) − 0.23·G − 16.2·ln(SLOC)) × 100 / 171)
 * V = Halstead volume of the whole file, G = cyclomatic complexity of the file (McCabe over all its
 * components: the sum of every unit's cyclomatic number plus the top-level code's 1 + decisions),
 * SLOC = lines holding at least one non-comment token. Visual Studio reads 20..100 as good, 10..19 as
 * moderate, 0..9 as poor. An empty file scores 100.
 */
export interface MaintainabilityInputs {
  volume: number;
  cyclomatic: number;
  sourceLines: number;
}

export function maintainabilityIndex({ volume, cyclomatic, sourceLines }: MaintainabilityInputs): number {
  if (sourceLines === 0 || volume <= 0) return 100;
  const raw = 171 - 5.2 * Math.log(volume) - 0.23 * cyclomatic - 16.2 * Math.log(sourceLines);
  const normalised = Math.max(0, (raw * 100) / 171);
  return Math.min(100, Math.round(normalised * 100) / 100);
}
