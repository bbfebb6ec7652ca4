/**
 * From three probe runs to test cases: what was the same in every run is asserted, the rest is left
 * out (a page's title or headings when they differed, visible texts not seen in all three runs, a link
 * or form whose outcome changed), and what could not be observed is listed with the reason.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FormFill, NavOutcome, PageObs } from './probe-pages.js';

export interface Expected {
  /** The path and query landed on; absent for a form a script handles (no new document). */
  path?: string;
  title?: string;
  headings?: string[];
  texts: string[];
}

export type E2eCase =
  | { kind: 'page'; title: string; path: string; status: number; expected: Expected }
  | { kind: 'link'; title: string; from: string; text: string; expected: Expected }
  | {
      kind: 'form';
      title: string;
      from: string;
      index: number;
      action: string | null;
      fills: FormFill[];
      navigated: boolean;
      expected: Expected;
    };

export interface Skip {
  what: string;
  reason: string;
}

const common = (lists: string[][]): string[] => lists[0]!.filter((t) => lists.every((l) => l.includes(t)));

function expectedOf(outcomes: NavOutcome[], withPath: boolean): Expected {
  const first = outcomes[0]!;
  const same = <K extends keyof NavOutcome>(key: K): boolean => outcomes.every((o) => isDeepStrictEqual(o[key], first[key]));
  return {
    ...(withPath ? { path: first.path } : {}),
    ...(first.title !== '' && same('title') ? { title: first.title } : {}),
    ...(first.headings.length > 0 && same('headings') ? { headings: first.headings } : {}),
    texts: common(outcomes.map((o) => o.texts)),
  };
}

const asserts = (e: Expected): boolean => e.path !== undefined || e.title !== undefined || e.headings !== undefined || e.texts.length > 0;

export function casesOf(runs: PageObs[][]): { cases: E2eCase[]; skipped: Skip[]; pages: PageObs[] } {
  const cases: E2eCase[] = [];
  const skipped: Skip[] = [];
  const first = runs[0]!;
  for (const page of first) {
    const same = runs.map((r) => r.find((p) => p.path === page.path));
    if (page.skipped) {
      skipped.push({ what: `page ${page.path}`, reason: page.skipped });
      continue;
    }
    if (!same.every((p) => p && !p.skipped && p.status === page.status && p.landedPath === page.landedPath)) {
      skipped.push({ what: `page ${page.path}`, reason: 'not the same status or address in every run' });
      continue;
    }
    const pages = same as PageObs[];
    const expected = expectedOf(
      pages.map((p) => ({ path: p.landedPath!, title: p.title!, headings: p.headings!, texts: p.texts! })),
      page.landedPath !== page.path,
    );
    if (asserts(expected) || page.status !== undefined)
      cases.push({
        kind: 'page',
        title: `page ${page.path} shows its title, headings and text`,
        path: page.path,
        status: page.status!,
        expected,
      });
    for (const link of page.links ?? []) {
      const what = `the "${link.text}" link on ${page.path}`;
      const seen = pages.map((p) => p.links?.find((l) => l.text === link.text && l.href === link.href));
      if (link.error) skipped.push({ what, reason: link.error });
      else if (!seen.every((l) => l?.landed && l.landed.path === link.landed!.path))
        skipped.push({ what, reason: 'it did not lead to the same address in every run' });
      else
        cases.push({
          kind: 'link',
          title: `${what} leads to ${link.landed!.path}`,
          from: page.path,
          text: link.text,
          // Where it leads; that page's texts are its own page test's.
          expected: {
            ...expectedOf(
              seen.map((l) => l!.landed!),
              true,
            ),
            texts: [],
          },
        });
    }
    for (const form of page.forms ?? []) {
      const what = `the form${form.selector.startsWith('form[action') ? ` to ${form.selector.slice(13, -2)}` : ` #${form.index + 1}`} on ${page.path}`;
      const seen = pages.map((p) => p.forms?.find((f) => f.index === form.index));
      if (form.skipped || form.error) {
        skipped.push({ what, reason: form.skipped ?? form.error! });
        continue;
      }
      if (
        !seen.every(
          (f) => f?.after && f.navigated === form.navigated && isDeepStrictEqual(f.fills, form.fills) && f.after.path === form.after!.path,
        )
      ) {
        skipped.push({ what, reason: 'sending it did not lead to the same place in every run' });
        continue;
      }
      const expected = expectedOf(
        seen.map((f) => f!.after!),
        form.navigated === true,
      );
      if (!asserts(expected)) {
        skipped.push({ what, reason: 'sending it changed nothing that was the same in every run' });
        continue;
      }
      cases.push({
        kind: 'form',
        title: `${what}, filled in and sent, ${form.navigated ? `leads to ${form.after!.path}` : 'shows its result'}`,
        from: page.path,
        index: form.index,
        action: form.selector.startsWith('form[action') ? form.selector.slice(13, -2) : null,
        fills: form.fills,
        navigated: form.navigated === true,
        expected,
      });
    }
  }
  const titles = new Map<string, number>();
  for (const c of cases) {
    const n = (titles.get(c.title) ?? 0) + 1;
    titles.set(c.title, n);
    if (n > 1) c.title = `${c.title} (${n})`;
  }
  return { cases, skipped, pages: first };
}
