/** The memo key of analysis.naming's per-file results (shared with analysis.quality); bump the version when a check changes. */
export const NAMING_MEMO_KEY = 'analysis.naming@2';
