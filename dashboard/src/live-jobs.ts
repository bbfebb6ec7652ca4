/**
 * The list kept live: GET /events tells which jobs moved. Progress is applied to the row at once;
 * a status change (or a job not on the page yet) re-reads the first page, twice a second at most (and
 * not before the Retry-After of a 429).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, getPage } from './api/client.js';
import { openEvents } from './api/sse.js';
import type { JobEvent, JobSummary } from './api/types.js';

export interface LiveList {
  jobs: JobSummary[];
  total: number | null;
  next: string | null;
  loading: boolean;
  error: unknown;
  live: boolean;
  loadMore(): Promise<void>;
  /** Takes a job out of the list at once (it was deleted here: a deletion sends no event). */
  drop(id: string): void;
}

const REFRESH_MS = 500;

export function useLiveJobs(firstPage: string): LiveList {
  const [jobs, setJobs] = useState<JobSummary[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [live, setLive] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    let stale = false;
    // Over the daemon's rate limit (429), re-reads wait for the Retry-After it sent.
    let pausedUntil = 0;
    const refresh = async (replace: boolean) => {
      try {
        const page = await getPage<JobSummary>(firstPage);
        if (stale) return;
        setTotal(page.total);
        setError(null);
        if (replace) {
          setJobs(page.items);
          setNext(page.next);
        } else {
          // Fresh first page on top; the older pages already loaded keep their rows (updated when seen).
          setJobs((old) => {
            const fresh = new Map(page.items.map((job) => [job.id, job]));
            const lowest = page.items.at(-1)?.createdAt ?? '';
            // Without a next page the first page is the whole list: nothing older stays.
            const rest = page.next === null ? [] : old.filter((job) => !fresh.has(job.id) && job.createdAt < lowest);
            return [...page.items, ...rest];
          });
        }
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 429) pausedUntil = Date.now() + (failure.retryAfterSec ?? 60) * 1000;
        if (!stale) setError(failure);
      } finally {
        if (!stale) setLoading(false);
      }
    };
    const schedule = () => {
      if (timer.current) return;
      timer.current = setTimeout(
        () => {
          timer.current = null;
          void refresh(false);
        },
        Math.max(REFRESH_MS, pausedUntil - Date.now()),
      );
    };
    setLoading(true);
    void refresh(true);
    let opened = 0;
    const stream = openEvents('/events', {
      onOpen: () => {
        setLive(true);
        // Events are not replayed: after a reconnection the first page is read again.
        if (opened++ > 0) schedule();
      },
      onError: () => setLive(false),
      onEnd: () => setLive(false),
      reconnectOnEnd: true,
      onEvent: (_type, data) => {
        const event = data as JobEvent;
        if (event.type === 'progress') {
          setJobs((old) => {
            if (!old.some((job) => job.id === event.jobId)) return old;
            return old.map((job) =>
              job.id === event.jobId
                ? {
                    ...job,
                    progress: {
                      completedSteps: event.completedSteps,
                      totalSteps: event.totalSteps,
                      percent: event.percent,
                      message: event.message,
                    },
                  }
                : job,
            );
          });
        } else if (event.type === 'status' || event.type === 'done' || event.type === 'step') {
          // The status at once (rows of older pages too), then the first page re-read for the rest.
          if (event.type !== 'step') setJobs((old) => old.map((job) => (job.id === event.jobId ? { ...job, status: event.status } : job)));
          schedule();
        }
      },
    });
    return () => {
      stale = true;
      stream.close();
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [firstPage]);

  const drop = (id: string) => {
    setJobs((old) => old.filter((job) => job.id !== id));
    setTotal((old) => (old === null ? null : Math.max(0, old - 1)));
  };

  const loadMore = async () => {
    if (!next) return;
    setLoading(true);
    try {
      const page = await getPage<JobSummary>(next);
      setJobs((old) => {
        const seen = new Set(old.map((job) => job.id));
        return [...old, ...page.items.filter((job) => !seen.has(job.id))];
      });
      setNext(page.next);
      if (page.total !== null) setTotal(page.total);
    } catch (failure) {
      setError(failure);
    } finally {
      setLoading(false);
    }
  };

  return { jobs, total, next, loading, error, live, loadMore, drop };
}
