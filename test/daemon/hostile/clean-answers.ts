/** What every hostile-input answer must look like: our error shape, no stack trace, no secret. */
import { expect } from 'chai';
import { API_KEY, ENCRYPTION_KEY, JWT_SECRET, WEBHOOK_SECRET } from '../security/secure-daemon.js';

export const SECRETS = [API_KEY, JWT_SECRET, WEBHOOK_SECRET, ENCRYPTION_KEY];
const STACK_LINE = /\n\s+at [\w.<>]+ \(|file:\/\/\/|node:internal/;

export function expectNoLeak(text: string): void {
  expect(text).to.not.match(STACK_LINE);
  for (const secret of SECRETS) expect(text).to.not.include(secret);
}

export function expectCleanError(reply: { status: number; body: any }, code?: string): void {
  const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  expectNoLeak(text);
  expect(reply.body?.error?.code, text.slice(0, 200)).to.be.a('string');
  expect(reply.body.error.message).to.be.a('string');
  if (code) expect(reply.body.error.code).to.equal(code);
}
