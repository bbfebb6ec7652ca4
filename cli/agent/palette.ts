/**
 * ANSI colours for the agent prompt's output, or none: colour only on a terminal and never when
 * NO_COLOR is set (https://no-color.org), so pipes, logs and scripts get plain text.
 */
export interface Palette {
  green(text: string): string;
  red(text: string): string;
  cyan(text: string): string;
  yellow(text: string): string;
  bold(text: string): string;
  dim(text: string): string;
}

const wrap =
  (open: number, close: number) =>
  (text: string): string =>
    `\x1b[${open}m${text}\x1b[${close}m`;

export const COLOURS: Palette = {
  green: wrap(32, 39),
  red: wrap(31, 39),
  cyan: wrap(36, 39),
  yellow: wrap(33, 39),
  bold: wrap(1, 22),
  dim: wrap(2, 22),
};

const same = (text: string): string => text;
export const PLAIN: Palette = { green: same, red: same, cyan: same, yellow: same, bold: same, dim: same };

export function useColour(out: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return out.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === '');
}

export function paletteFor(out: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): Palette {
  return useColour(out, env) ? COLOURS : PLAIN;
}
