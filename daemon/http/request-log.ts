/**
 * Debug trace of every request (`--debug` / logging.level "debug"): method, path, status and time once
 * the answer is sent. The query string and headers are left out: they can carry credentials.
 */
import type { RequestHandler } from 'express';
import type { Logger } from '../logging/types.js';

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.debug('request', { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 });
    });
    next();
  };
}
