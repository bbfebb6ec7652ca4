/**
 * How a list answers: a JSON array, the total in `X-Total-Count`, and the next page in an RFC 8288
 * `Link: <...>; rel="next"` header (GitHub's API pages the same way), absent on the last page. The
 * array stays the body, so clients of the unpaged list keep working.
 */
import type { Response } from 'express';

/** The URL of the next page: the same query with the new cursor. */
export function nextLink(path: string, query: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) for (const item of [value].flat()) params.append(name, item);
  return `${path}?${params.toString()}`;
}

/** `total` null: the list does not know it (a filtered job list) and sends no X-Total-Count. */
export function sendPage(res: Response, items: unknown[], total: number | null, next: string | null): void {
  if (total !== null) res.setHeader('X-Total-Count', String(total));
  if (next !== null) res.setHeader('Link', `<${next}>; rel="next"`);
  res.json(items);
}
