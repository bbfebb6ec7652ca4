/**
 * Runs `work` with an AbortSignal that Ctrl-C (SIGINT) or SIGTERM aborts, so followers stop cleanly
 * and report, instead of the process dying mid-line. The handlers are removed afterwards.
 */
export async function untilInterrupted<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
