import { expect } from 'chai';
import { Writable } from 'node:stream';
import { createLogger, redactingLogger, SecretRedactor } from '../../../daemon/logging/index.js';

const KEY = 'api-key-0123456789abcdef';
const PASSWORD = 'redis pass/word+&0123';

describe('SecretRedactor', () => {
  const redactor = new SecretRedactor([KEY, PASSWORD, 'short', null, undefined]);

  it('replaces every occurrence of a secret, also URL-encoded and JSON-escaped', () => {
    expect(redactor.text(`EXFIL ${KEY} and ${KEY}`)).to.equal('EXFIL <redacted> and <redacted>');
    expect(redactor.text(`redis://:${encodeURIComponent(PASSWORD)}@h:6379`)).to.equal('redis://:<redacted>@h:6379');
    expect(redactor.text(JSON.stringify({ p: `a"${PASSWORD}` }))).not.to.include('pass/word');
  });

  it('leaves values shorter than 8 characters alone (they would wreck every text)', () => {
    expect(redactor.text('a short text')).to.equal('a short text');
  });

  it('redacts strings at any depth of a value, keys included, without touching the original', () => {
    const value = { summary: `key=${KEY}`, steps: [{ data: { [KEY]: [1, `x${KEY}`] } }], n: 3, ok: true, none: null };
    const copy = redactor.value(value);
    expect(JSON.stringify(copy)).not.to.include(KEY);
    expect(copy).to.deep.equal({
      summary: 'key=<redacted>',
      steps: [{ data: { '<redacted>': [1, 'x<redacted>'] } }],
      n: 3,
      ok: true,
      none: null,
    });
    expect(value.summary).to.equal(`key=${KEY}`);
  });

  it('is a JSON replacer for answers and events', () => {
    expect(JSON.stringify({ error: { message: `bad ${KEY}` } }, redactor.replacer)).to.equal('{"error":{"message":"bad <redacted>"}}');
  });

  it("redacts a logger's message and fields before any line is written", () => {
    const lines: string[] = [];
    const stdout = new Writable({
      write: (chunk, _encoding, done) => {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = redactingLogger(createLogger({ level: 'debug', format: 'json', file: null }, { stdout }), redactor);
    logger.child({ jobId: 'j' }).error(`Capability threw: EXFIL ${KEY}`, { detail: { text: `uid=0 ${KEY}` } });
    expect(lines.join('')).to.include('EXFIL <redacted>').and.not.to.include(KEY);
    expect(JSON.stringify(logger.recent())).not.to.include(KEY);
  });
});
