/**
 * GET /events: one SSE stream of every job's `status`, `step`, `progress` and `done` events (this
 * daemon's and, on a shared Redis, the other daemons'), for a live job list such as the dashboard's.
 * Log lines stay on the job's own stream (GET /jobs/:id/events): they are many and a list shows none.
 * It never ends by itself; a client that reconnects re-reads the list (events are not replayed).
 */
import { Router } from 'express';
import type { AppContext } from '../app-context.js';
import { openSse } from '../sse.js';

export function eventsRoute(ctx: AppContext): Router {
  const router = Router();
  router.get('/events', (req, res) => {
    const stream = openSse(req, res);
    const unsubscribe = ctx.bus.subscribeEvery((event) => {
      if (event.type !== 'log') stream.send(event.type, event);
    });
    stream.onClose(unsubscribe);
    // A first comment, so a client knows the stream is open before any job moves.
    res.write(': open\n\n');
  });
  return router;
}
