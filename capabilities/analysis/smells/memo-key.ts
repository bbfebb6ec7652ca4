/** The memo key of analysis.smells' per-file results (shared with analysis.quality); bump the version when a check changes. */
export const SMELLS_MEMO_KEY = 'analysis.smells@3';
