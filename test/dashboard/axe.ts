/** axe-core run inside the page (evaluated through the DevTools protocol, so the page's CSP allows it). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// The function passed to page.evaluate runs in the page; the test build has no DOM lib.
declare const document: unknown;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{ passes: unknown[]; violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {});
    // A run that checked nothing would pass vacuously.
    if (result.passes.length < 10) throw new Error(`axe checked only ${result.passes.length} rules`);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => JSON.stringify(n.target)).slice(0, 3),
    }));
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} at ${v.targets.join(', ')}`);
}
