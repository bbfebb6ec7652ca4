/** Server-Sent Events: one stream per response, with a heartbeat comment so proxies keep it open. */
import type { Request, Response } from 'express';

export interface SseStream {
  send(event: string, data: unknown): void;
  end(): void;
  readonly closed: boolean;
  onClose(listener: () => void): void;
}

export function openSse(req: Request, res: Response, heartbeatMs = 15000): SseStream {
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  let closed = false;
  const closeListeners: (() => void)[] = [];
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs).unref();
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const listener of closeListeners) listener();
  };
  req.on('close', close);
  res.on('close', close);
  return {
    send(event, data) {
      // The app's JSON replacer (the daemon's secret redactor) applies to events as to JSON answers.
      if (!closed)
        res.write(
          `event: ${event}\ndata: ${JSON.stringify(data, req.app.get('json replacer') as ((key: string, value: unknown) => unknown) | undefined)}\n\n`,
        );
    },
    end() {
      close();
      res.end();
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      closeListeners.push(listener);
    },
  };
}
