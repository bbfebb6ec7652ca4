/**
 * A test's way to stop a daemon in the middle of an apply, the same place every run: the daemon
 * process watches one folder and sends itself SIGSTOP at the first change in it. The watcher's
 * callback runs on the thread that writes the files, between two of its writes, so the process stops
 * within a file or two of entering that folder — however loaded the machine is — and the test can
 * then SIGKILL it mid-apply (a poll from the test process could see the apply only after it ended).
 */
import { watch } from 'node:fs';

export function stopOnFirstWrite(folder: string): void {
  const watcher = watch(folder, () => {
    watcher.close();
    process.kill(process.pid, 'SIGSTOP');
  });
}
