/**
 * Every error becomes `{"error":{"code","message","details"?}}` with the status of its catalogue code.
 * Errors raised by express's body parser are translated to our codes; anything unexpected is logged
 * with its stack and answered as internal_error without one.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AgentdError, isAgentdError } from '../../core/index.js';
import type { Logger } from '../logging/types.js';

interface ParserError {
  type?: string;
  status?: number;
  message?: string;
  /** The parser's limit in bytes (body-parser sets it on entity.too.large). */
  limit?: number;
}

/** "1 MB", "512 KB": the limit a 413 names is the one the parser applied. */
function sizeText(bytes: number | undefined): string {
  if (!bytes) return 'size';
  return bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${+(bytes / 1024).toFixed(1)} KB`;
}

function fromParser(error: ParserError): AgentdError | null {
  switch (error.type) {
    case 'entity.parse.failed':
      return new AgentdError('invalid_json', `The request body is not valid JSON (${error.message ?? 'parse error'}); send a JSON object.`);
    case 'entity.too.large':
      return new AgentdError('payload_too_large', `The request body is over the ${sizeText(error.limit)} limit; send a smaller body.`);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AgentdError(
        'unsupported_media_type',
        'The request body encoding or charset is not supported; send UTF-8 JSON without content encoding.',
      );
    case 'request.aborted':
    case 'request.size.invalid':
      return new AgentdError('invalid_json', 'The request body was incomplete; send the whole JSON body.');
    default:
      break;
  }
  if (typeof error.status === 'number' && error.status >= 400 && error.status < 500) {
    return new AgentdError(
      'validation_failed',
      `The request could not be read (${error.message ?? 'bad request'}); check the URL and body.`,
    );
  }
  return null;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    let known = isAgentdError(error) ? error : fromParser(error as ParserError);
    if (!known) {
      logger.error('request failed unexpectedly', { method: req.method, path: req.path, error: (error as Error)?.stack ?? String(error) });
      known = new AgentdError('internal_error', 'The daemon hit an unexpected error handling this request; see the daemon log.');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(known.status).json({ error: known.toJSON() });
  };
}

export const notFound: RequestHandler = (req, _res, next) => {
  next(new AgentdError('not_found', `No route matches ${req.method} "${req.path}"; GET /openapi.json lists the routes.`));
};

/** A request that carries a body must say it is JSON; bodiless requests pass (their schema decides). */
export const requireJson: RequestHandler = (req, _res, next) => {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody || req.is('application/json')) return next();
  next(
    new AgentdError(
      'unsupported_media_type',
      `Content-Type "${req.headers['content-type'] ?? '(none)'}" is not accepted; send the body as application/json.`,
    ),
  );
};
