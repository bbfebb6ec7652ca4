/** Where `agentd scan` puts its report: a file written atomically (temp file + rename), or stdout. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { toGithub, toHtml, toJson, toMarkdown, toSarif, toText, type ScanReport } from '../../core/report/index.js';
import type { ScanFormat } from './scan-formats.js';

export interface RenderOptions {
  /** Base URL of the Markdown report's file:line links. */
  linkBase?: string;
  /** Where the findings a size-limited report leaves out can be seen. */
  moreAt?: string;
  /** The scanned folder relative to the repository root, for GitHub annotations' `file=`. */
  pathPrefix?: string;
}

export function render(report: ScanReport, format: ScanFormat, options: RenderOptions = {}): string {
  switch (format) {
    case 'json':
      return toJson(report);
    case 'sarif':
      return toSarif(report);
    case 'markdown':
      return toMarkdown(report, {
        ...(options.linkBase ? { linkBase: options.linkBase } : {}),
        ...(options.moreAt ? { moreAt: options.moreAt } : {}),
      });
    case 'github':
      return toGithub(report, options.pathPrefix ? { pathPrefix: options.pathPrefix } : {});
    case 'html':
      return toHtml(report);
    default:
      return toText(report);
  }
}

/** A reader of the file (a CI step uploading it) never sees half a report: write beside it, then rename. */
export async function writeAtomically(file: string, content: string): Promise<void> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, content, 'utf8');
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
