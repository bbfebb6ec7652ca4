import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { AgentdError } from '../../../core/errors/index.js';
import { createLogger, REDACTED, type LogRecord } from '../../../daemon/logging/index.js';

/** A real Writable that keeps what was written, standing in for process.stdout. */
class Collector extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
  lines(): string[] {
    return this.text.split('\n').filter(Boolean);
  }
}

describe('createLogger', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'agentd-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes one JSON line per record with time, level, msg and fields when the format is json', async () => {
    const out = new Collector();
    const logger = createLogger({ level: 'info', format: 'json', file: null }, { stdout: out });
    logger.info('job submitted', { jobId: 'j1', steps: 2 });
    const [line] = out.lines();
    const record = JSON.parse(line) as LogRecord;
    expect(record).to.include({ level: 'info', msg: 'job submitted', jobId: 'j1', steps: 2 });
    expect(new Date(record.time).toISOString()).to.equal(record.time);
    await logger.close();
  });

  it('writes readable one-liners when the format is pretty', async () => {
    const out = new Collector();
    const logger = createLogger({ level: 'info', format: 'pretty', file: null }, { stdout: out });
    logger.warn('queue slow', { queued: 12, backend: 'redis local' });
    expect(out.lines()).to.have.length(1);
    expect(out.lines()[0]).to.match(/^\d{4}-\d\d-\d\dT[\d:.]+Z WARN {2}queue slow queued=12 backend="redis local"$/);
    await logger.close();
  });

  it('drops records below the configured level everywhere', async () => {
    const out = new Collector();
    const logger = createLogger({ level: 'warn', format: 'json', file: null }, { stdout: out });
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(out.lines().map((l) => (JSON.parse(l) as LogRecord).msg)).to.deep.equal(['w', 'e']);
    expect(logger.recent().map((r) => r.msg)).to.deep.equal(['w', 'e']);
    await logger.close();
  });

  it('appends JSON lines to logging.file, creating its folder and keeping earlier content', async () => {
    const file = path.join(dir, 'nested', 'agentd.log');
    const first = createLogger({ level: 'info', format: 'pretty', file }, { stdout: new Collector() });
    first.info('one');
    await first.close();
    const second = createLogger({ level: 'info', format: 'pretty', file }, { stdout: new Collector() });
    second.info('two', { jobId: 'j2' });
    await second.close();
    const records = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as LogRecord);
    expect(records.map((r) => r.msg)).to.deep.equal(['one', 'two']);
    expect(records[1].jobId).to.equal('j2');
  });

  it('fails with invalid_config naming the file when logging.file cannot be opened', () => {
    const blocker = path.join(dir, 'a-file');
    writeFileSync(blocker, '');
    const file = path.join(blocker, 'agentd.log');
    try {
      createLogger({ level: 'info', format: 'json', file }, { stdout: new Collector() });
      expect.fail('createLogger should have thrown');
    } catch (error) {
      expect(error).to.be.instanceOf(AgentdError);
      expect((error as AgentdError).code).to.equal('invalid_config');
      expect((error as AgentdError).message).to.include(`"${file}"`);
    }
  });

  it('keeps the newest records in a ring buffer, oldest first, and filters them', async () => {
    const logger = createLogger({ level: 'debug', format: 'json', file: null }, { stdout: new Collector(), capacity: 5 });
    for (let i = 0; i < 8; i++) logger.info(`record ${i}`, { jobId: i % 2 === 0 ? 'even' : 'odd' });
    logger.error('Disk FULL', { path: '/srv' });
    expect(logger.recent().map((r) => r.msg)).to.deep.equal(['record 4', 'record 5', 'record 6', 'record 7', 'Disk FULL']);
    expect(logger.recent({ level: 'error' }).map((r) => r.msg)).to.deep.equal(['Disk FULL']);
    expect(logger.recent({ jobId: 'even' }).map((r) => r.msg)).to.deep.equal(['record 4', 'record 6']);
    expect(logger.recent({ text: 'disk full' }).map((r) => r.msg)).to.deep.equal(['Disk FULL']);
    expect(logger.recent({ text: '/SRV' }).map((r) => r.msg)).to.deep.equal(['Disk FULL']);
    expect(logger.recent({ limit: 2 }).map((r) => r.msg)).to.deep.equal(['record 7', 'Disk FULL']);
    await logger.close();
  });

  it('delivers live records to subscribers through their filter until they unsubscribe', async () => {
    const logger = createLogger({ level: 'debug', format: 'json', file: null }, { stdout: new Collector() });
    const seen: string[] = [];
    const unsubscribe = logger.subscribe((record) => seen.push(record.msg), { level: 'warn' });
    logger.info('quiet');
    logger.warn('loud');
    unsubscribe();
    logger.error('after');
    expect(seen).to.deep.equal(['loud']);
    await logger.close();
  });

  it('keeps logging when a subscriber throws', async () => {
    const out = new Collector();
    const logger = createLogger({ level: 'info', format: 'json', file: null }, { stdout: out });
    logger.subscribe(() => {
      throw new Error('closed response');
    });
    logger.info('a');
    logger.info('b');
    expect(out.lines()).to.have.length(2);
    await logger.close();
  });

  it('adds child bindings to every record, fields overriding bindings, without touching the parent', async () => {
    const out = new Collector();
    const logger = createLogger({ level: 'info', format: 'json', file: null }, { stdout: out });
    const child = logger.child({ jobId: 'j9', component: 'runner' }).child({ step: 0 });
    child.info('step started', { component: 'engine' });
    logger.info('plain');
    const [fromChild, fromParent] = out.lines().map((l) => JSON.parse(l) as LogRecord);
    expect(fromChild).to.include({ jobId: 'j9', component: 'engine', step: 0, msg: 'step started' });
    expect(fromParent).to.not.have.property('jobId');
    expect(logger.recent({ jobId: 'j9' })).to.have.length(1);
    await logger.close();
  });

  it('redacts fields whose key looks secret, at any depth, and never lets fields replace time, level or msg', async () => {
    const out = new Collector();
    const logger = createLogger({ level: 'info', format: 'json', file: null }, { stdout: out });
    logger.child({ apiKey: 'k-1' }).info('request', {
      headers: { authorization: 'Bearer t-2', 'x-request-id': 'r1' },
      password: 'p-3',
      config: { security: { jwtSecret: 'j-4' }, queue: { token: 't-5' } },
      msg: 'overridden?',
      level: 'error',
    });
    expect(out.text).to.not.match(/k-1|t-2|p-3|j-4|t-5/);
    const record = JSON.parse(out.lines()[0]) as Record<string, any>;
    expect(record.apiKey).to.equal(REDACTED);
    expect(record.headers).to.deep.equal({ authorization: REDACTED, 'x-request-id': 'r1' });
    expect(record.config.security.jwtSecret).to.equal(REDACTED);
    expect(record).to.include({ msg: 'request', level: 'info' });
    await logger.close();
  });

  it('serializes errors with name, message and code', async () => {
    const out = new Collector();
    const logger = createLogger({ level: 'info', format: 'pretty', file: null }, { stdout: out });
    logger.error('shutdown failed', { error: new AgentdError('port_in_use', 'Port 1 is taken.') });
    expect(out.lines()).to.have.length(1);
    expect(out.lines()[0]).to.include('"code":"port_in_use"').and.include('"message":"Port 1 is taken."');
    const stored = logger.recent()[0].error as Record<string, unknown>;
    expect(stored.stack).to.be.a('string');
    await logger.close();
  });
});
