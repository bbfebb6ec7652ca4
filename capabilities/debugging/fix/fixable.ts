/**
 * The TypeScript errors debugging.fix handles, and the language-service code fixes it accepts for each
 * (by `fixName`). Anything else is refused: a fix that changes behaviour (a non-null assertion, a
 * cast, a new declaration) is a decision, not a repair.
 */
export type FixKind = 'missing-import' | 'spelling' | 'missing-await' | 'unused-directive';

export const ACCEPTED_FIXES: Record<FixKind, string[]> = {
  'missing-import': ['import'],
  // "Cannot find name 'report'. Did you mean 'Report'?": a name a project module exports is a missing import, not a typo.
  spelling: ['import', 'spelling'],
  'missing-await': ['addMissingAwait', 'addMissingAwaitToInitializer'],
  // agentd's own: the language service has no fix for TS2578 (fix-loop.ts removes the directive's line).
  'unused-directive': [],
};

export function fixableKind(code: number, message: string): FixKind | null {
  if (/'Promise<.+>'/.test(message) && [2339, 2570, 2801, 2345, 2365, 2349, 2362, 2363].includes(code)) return 'missing-await';
  if (code === 2304) return 'missing-import';
  if (code === 2578) return 'unused-directive';
  if ([2551, 2552, 2724].includes(code)) return 'spelling';
  return null;
}
