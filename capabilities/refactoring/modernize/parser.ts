/** The jscodeshift instance for a file: `ts`/`tsx` for TypeScript, `babel` for JavaScript. */
import jscodeshift, { type JSCodeshift } from 'jscodeshift';

const TS_EXTENSIONS = ['.ts', '.cts', '.mts'];

export function parserFor(file: string): 'babel' | 'ts' | 'tsx' {
  if (file.endsWith('.tsx')) return 'tsx';
  // Plain .ts is parsed without JSX so `<T>value` type assertions stay assertions.
  if (TS_EXTENSIONS.some((ext) => file.endsWith(ext))) return 'ts';
  return 'babel';
}

const instances = new Map<string, JSCodeshift>();

export function jscodeshiftFor(file: string): JSCodeshift {
  const parser = parserFor(file);
  let j = instances.get(parser);
  if (!j) {
    j = jscodeshift.withParser(parser);
    instances.set(parser, j);
  }
  return j;
}
