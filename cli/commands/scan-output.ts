/** Where `agentd scan` puts its report: a file written atomically (temp file + rename), or stdout. */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
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

/** UTF-16 units encoded per write: at most 3 bytes each in UTF-8, so a piece always fits the buffer. */
const PIECE = 64 * 1024;

/**
 * Writes `content` as UTF-8 through one reused buffer, a piece at a time. Encoding a large report
 * whole (`writeFile(file, text)`) makes a buffer as large as the file — for a 5 MB SARIF log ~15-20 ms
 * of the scan's last, single-threaded step on a 2-core machine, most of it the kernel mapping fresh
 * pages for it; in pieces ~4 ms. (V8 still joins the JSON text's parts into one string on first
 * reading it, ~35 ms for that log; JSON.stringify makes it in parts.) A piece never ends between the
 * two halves of a surrogate pair.
 */
async function writeInPieces(file: string, content: string): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await writeText(handle, Buffer.allocUnsafe(PIECE * 3), content);
  } finally {
    await handle.close();
  }
}

async function writeText(handle: FileHandle, buffer: Buffer, content: string): Promise<void> {
  for (let at = 0; at < content.length;) {
    let end = Math.min(content.length, at + PIECE);
    const last = content.charCodeAt(end - 1);
    if (end < content.length && last >= 0xd800 && last <= 0xdbff) end--;
    const bytes = buffer.write(content.slice(at, end), 0, 'utf8');
    for (let written = 0; written < bytes;) written += (await handle.write(buffer, written, bytes - written)).bytesWritten;
    at = end;
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

/** A reader of the file (a CI step uploading it) never sees half a report: write beside it, then rename. */
export async function writeAtomically(file: string, content: string): Promise<void> {
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
