import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { ERROR_CATALOGUE, AgentdError } from '../../../core/errors/index.js';

const docsUrl = new URL('../../../../docs/errors.md', import.meta.url);

/** Like Fastify's errors test: the catalogue and its documentation must not drift apart. */
describe('error catalogue', () => {
  it('documents every code with its HTTP status in docs/errors.md, and no code that does not exist', async () => {
    const docs = await readFile(docsUrl, 'utf8');
    const documented = new Map<string, number>();
    for (const match of docs.matchAll(/^\|\s*`([a-z_]+)`\s*\|\s*(\d{3})\s*\|/gm)) documented.set(match[1]!, Number(match[2]));
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(documented.get(code), `docs/errors.md row for "${code}"`).to.equal(entry.status);
    }
    expect([...documented.keys()].filter((code) => !(code in ERROR_CATALOGUE))).to.deep.equal([]);
  });

  it('uses snake_case codes only', () => {
    for (const code of Object.keys(ERROR_CATALOGUE)) expect(code).to.match(/^[a-z]+(_[a-z]+)*$/);
  });

  it('gives an AgentdError the status of its code and keeps the cause', () => {
    const cause = new Error('disk full');
    const err = new AgentdError('apply_failed', 'Could not write "src/a.ts"; every touched file was restored.', { cause });
    expect(err.status).to.equal(ERROR_CATALOGUE.apply_failed.status);
    expect(err.cause).to.equal(cause);
    expect(err.toJSON()).to.deep.equal({ code: 'apply_failed', message: err.message });
  });
});
