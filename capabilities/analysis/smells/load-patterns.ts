/**
 * A computed load (ModuleFacts.loads: `./plugins/*`, `../locales/*\/messages.js`) as a test on project
 * files. A `*` stands for one path segment, not a subtree: loaders join a file or plugin name read at run
 * time, and reading it as "anything under here" (as analysis.structure's orphans do, where a file wrongly
 * kept costs little) would hide every unused export in the subfolders of a folder whose top-level
 * modules one `import(`./${name}.js`)` loads. Extensions are not compared (`./x/*.js` names x/a.ts once
 * compiled), and a folder's index stands for the folder.
 */
import path from 'node:path';

const MODULE_EXTENSION = /\.(d\.)?[cm]?[jt]sx?$/;

export function loadPattern(from: string, load: string): RegExp {
  const joined = path.posix.join(path.posix.dirname(from), load).replace(MODULE_EXTENSION, '');
  const body = joined
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${body}(/index)?$`);
}

/** A file as loadPattern compares it: its path without the extension. */
export function stemOf(file: string): string {
  return file.replace(MODULE_EXTENSION, '');
}
