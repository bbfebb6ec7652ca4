/** Where `agentd scan` puts its report: a file written atomically (temp file + rename), or stdout. */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { toGithub, toHtml, toJson, toMarkdown, toSarif, toSarifPieces, toText, type ScanReport } from '../../core/report/index.js';
import type { ScanFormat } from './scan-formats.js';

export interface RenderOptions {
  /** Base URL of the Markdown report's file:line links. */
  linkBase?: string;
  /** Where the findings a size-limited report leaves out can be seen. */
  moreAt?: string;
  /** The scanned folder relative to the repository root, for GitHub annotations' `file=`. */
  pathPrefix?: string;
}

/** UTF-16 units encoded at a time: at most 3 bytes each in UTF-8, so a piece always fits the buffer. */
const PIECE = 64 * 1024;

/**
 * Writes `content` as UTF-8 through one reused buffer, filled piece after piece and written when full.
 * Encoding a large report whole (`writeFile(file, text)`) makes a buffer as large as the file — for a
 * 5 MB SARIF log 15-20 ms of the scan's last, single-threaded step on a 2-core machine, most of it the
 * kernel mapping fresh pages for it. A long piece is cut, never between the halves of a surrogate pair;
 * the pieces given must each hold whole characters (each is encoded on its own).
 */
async function writeInPieces(file: string, content: string | readonly string[]): Promise<void> {
  const handle = await open(file, 'w');
  try {
    const buffer = Buffer.allocUnsafe(PIECE * 3);
    let used = 0;
    const flush = async (): Promise<void> => {
      for (let written = 0; written < used;) written += (await handle.write(buffer, written, used - written)).bytesWritten;
      used = 0;
    };
    for (const text of typeof content === 'string' ? [content] : content) {
      for (let at = 0; at < text.length;) {
        let end = Math.min(text.length, at + PIECE);
        const last = text.charCodeAt(end - 1);
        if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
        if (used + (end - at) * 3 > buffer.length) await flush();
        used += buffer.write(end - at === text.length ? text : text.slice(at, end), used, 'utf8');
        at = end;
      }
    }
    await flush();
  } finally {
    await handle.close();
  }
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

/** The text `render` gives, in pieces to write one after another (a SARIF log's results apart: to-sarif.ts). */
export function renderPieces(report: ScanReport, format: ScanFormat, options: RenderOptions = {}): string[] {
  return format === 'sarif' ? toSarifPieces(report) : [render(report, format, options)];
}

/** A reader of the file (a CI step uploading it) never sees half a report: write beside it, then rename. */
export async function writeAtomically(file: string, content: string | readonly string[]): Promise<void> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeInPieces(temporary, content);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
