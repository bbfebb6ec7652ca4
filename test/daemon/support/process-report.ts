/**
 * What a test prints when a job it waits for never ends: this process's children whose command line
 * matches (the daemon's executor), each with its state and its threads' states and kernel wait
 * channels, read from /proc. Linux only; elsewhere it says so.
 */
import { readdir, readFile } from 'node:fs/promises';

async function read(file: string): Promise<string> {
  return readFile(file, 'utf8').catch(() => '?');
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

async function threads(pid: string): Promise<string[]> {
  const tids = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  return Promise.all(
    tids.map(async (tid) => {
      const base = `/proc/${pid}/task/${tid}`;
      const [comm, stat, wchan] = await Promise.all([read(`${base}/comm`), read(`${base}/stat`), read(`${base}/wchan`)]);
      const fields = statFields(stat);
      // utime and stime: fields 14 and 15 of stat, 11 and 12 after the name.
      return `  ${tid} ${comm.trim()} state=${fields[0]} wchan=${wchan.trim() || '-'} cpu=${Number(fields[11]) + Number(fields[12])} ticks`;
    }),
  );
}

export async function childProcessReport(matching: RegExp): Promise<string> {
  const entries = await readdir('/proc').catch(() => null);
  if (!entries) return '(no /proc here)';
  const lines: string[] = [];
  for (const pid of entries.filter((name) => /^\d+$/.test(name))) {
    const stat = await read(`/proc/${pid}/stat`);
    if (statFields(stat)[1] !== String(process.pid)) continue;
    const cmdline = (await read(`/proc/${pid}/cmdline`)).split('\0').join(' ').trim();
    if (!matching.test(cmdline)) continue;
    const rss = (await read(`/proc/${pid}/status`)).match(/^VmRSS:\s*(.*)$/m)?.[1] ?? '?';
    lines.push(`pid ${pid} state=${statFields(stat)[0]} rss=${rss} ${cmdline.slice(0, 160)}`, ...(await threads(pid)));
  }
  return lines.length > 0 ? lines.join('\n') : `(no child of ${process.pid} matches ${matching})`;
}
