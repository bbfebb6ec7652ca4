/** One source's opinion on code style: only what it actually says (a missing field means "no opinion"). */
import type { CodeStyle } from '../contracts/index.js';

export type StyleSource = CodeStyle['source'];

export interface PartialStyle {
  quotes?: CodeStyle['quotes'];
  semicolons?: boolean;
  indentStyle?: CodeStyle['indent']['style'];
  indentSize?: number;
}

export interface StyleFinding {
  source: StyleSource;
  style: PartialStyle;
  configFiles: string[];
  /** Prettier's finding only: see CodeStyle.prettier. */
  prettier?: { configFile: string; runsCode: boolean };
}
