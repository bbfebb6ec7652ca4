/**
 * Every relative link in the repository's Markdown files resolves: the file or folder exists, and a
 * `#fragment` names a heading of the target (GitHub's anchor for it). Links inside code are not links.
 */
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SKIPPED = new Set(['node_modules', 'dist', 'build', '.git', 'coverage']);

function markdownFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) markdownFiles(full, out);
    else if (entry.name.endsWith('.md')) out.push(full);
  }
  return out;
}

/** The text without fenced code blocks and inline code, where brackets and parentheses are code. */
export function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`+[^`\n]*`+/g, '');
}

export function linksOf(text: string): string[] {
  const body = prose(text);
  const inline = [...body.matchAll(/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)/g)].map((m) => m[1]!);
  const references = [...body.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  const html = [...body.matchAll(/\s(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
  return [...inline, ...references, ...html];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!.replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const link of linksOf(readFileSync(file, 'utf8'))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) continue; // http:, mailto:, ...
    const [target, fragment] = link.split('#') as [string, string | undefined];
    const resolved = target === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(target));
    if (!existsSync(resolved)) broken.push(`${link} (no such file)`);
    else if (fragment && resolved.endsWith('.md') && !anchorsOf(resolved).has(fragment.toLowerCase()))
      broken.push(`${link} (no heading "#${fragment}")`);
  }
  return broken;
}

describe('docs: relative links in every *.md', () => {
  it('finds links in prose only, and slugs headings as GitHub does', () => {
    expect(linksOf('See [a](docs/a.md#x) and `[b](c.md)`\n```\n[d](e.md)\n```\n[ref]: ./f.md\n<a href="g.md">g</a>')).to.deep.equal([
      'docs/a.md#x',
      './f.md',
      'g.md',
    ]);
    expect(slug('Configuration: agentd.config.json')).to.equal('configuration-agentdconfigjson');
    expect(slug('--fix')).to.equal('--fix');
  });

  const files = markdownFiles(REPO);
  it("covers the repository's Markdown files", () => {
    expect(files.map((f) => path.relative(REPO, f))).to.include.members(['README.md', 'docs/scan.md', 'docs/ci.md']);
  });

  for (const file of files) {
    it(`${path.relative(REPO, file)}`, () => {
      expect(brokenLinks(file), `broken links in ${path.relative(REPO, file)}`).to.deep.equal([]);
    });
  }
});
