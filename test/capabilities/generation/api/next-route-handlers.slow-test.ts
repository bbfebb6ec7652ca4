/**
 * Slow tier: the Next.js route handlers api-route writes (every method, and list+get only) pass tsc
 * under the Next.js fixture's own tsconfig (bundler resolution, strict, lib dom, isolatedModules) and
 * ESLint with its config. `next` is not installed: the handlers import nothing from it (web-standard
 * Request/Response), so its types are not needed; Next's generated route-type checks (.next/types,
 * next build) are not run.
 */
import { expect } from 'chai';
import { run as apiRoute } from '../../../../capabilities/generation/api-route.js';
import { copyFixture, generate, lint, removeCopies, typecheck } from './fixture-project.js';

describe('generation.api-route (Next.js route handlers): tsc and ESLint under the fixture config', function () {
  this.timeout(180_000);
  after(removeCopies);

  for (const methods of [undefined, ['GET'] as const]) {
    it(`${methods ? 'GET only' : 'every method'}: tsc --noEmit -p tsconfig.json and eslint are clean`, async () => {
      const root = await copyFixture('next-app-pg');
      const { written } = await generate(apiRoute, root, {
        resource: 'note',
        fields: [
          { name: 'body', type: 'text' as const, required: true },
          { name: 'pinned', type: 'boolean' as const, default: false },
          { name: 'due', type: 'date' as const },
        ],
        ...(methods ? { methods: [...methods] } : {}),
      });
      expect(written).to.include('app/api/notes/[id]/route.ts');
      const checks = { tsc: await typecheck(root), eslint: await lint(root, written) };
      for (const [name, outcome] of Object.entries(checks)) expect(outcome.code, `${name}: ${outcome.output}`).to.equal(0);
    });
  }
});
