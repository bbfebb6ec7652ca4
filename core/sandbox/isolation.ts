/**
 * How much of the machine project code is kept from, decided once per thread by trying it:
 * - `namespaces` (Linux with unprivileged user namespaces): a user, mount, network and PID namespace.
 *   No network but the namespace's own loopback (brought up with `ip` when it exists, so a project's HTTP
 *   tests can reach a server they start on 127.0.0.1; the host's loopback and its services stay out of
 *   reach); its own /proc (the daemon's /proc/<pid>/environ is out of
 *   sight); the daemon's secret files (AGENTD_SANDBOX_HIDE) covered by empty mounts; and a nested user
 *   namespace on top in which the program runs as `nobody` with no capabilities, so it can neither
 *   unmount any of that again nor mount anything of its own.
 * - `network`: only a user + network namespace, the program again `nobody` without capabilities (e.g. a
 *   container whose /proc cannot be mounted again).
 * - `none`: no namespaces (macOS, Windows, kernels without unprivileged user namespaces).
 * Every level keeps the allow-listed environment, the CPU/data limits (`ulimit`, where /bin/sh exists),
 * the wall clock and the output cap. docs/security.md says what each level leaves open.
 */
import { hostSpawn } from './host-spawn.js';
import { findOnPath } from './resolve-command.js';
import type { InsideRelay } from './sandbox-services.js';

export type Isolation = 'namespaces' | 'network' | 'none';
const LEVELS: readonly Isolation[] = ['none', 'network', 'namespaces'];

export interface Helpers {
  sh: string | null;
  unshare: string | null;
}

export interface WrapLimits {
  cpuSeconds: number;
  memoryMB: number;
  /** Files and folders covered by empty mounts (namespaces only). */
  hidden: string[];
  /** Folders mounted read-only (namespaces only). */
  readOnly: string[];
  /** The inside half of the host-service relay, started before the program (namespaces only; sandbox-services.ts). */
  relay?: InsideRelay;
}

const LIMITS = 'ulimit -t "$1" && ulimit -d "$2" && shift 2';
const LIMITED_EXEC = `${LIMITS} && exec "$@"`;
// Positional: cpu, data KB, unshare, count + hidden paths, count + read-only paths, relay flag (+ node,
// script, ready file, specs when 1), program, args. The relay listens on the namespace's loopback, so it
// starts after lo is up, and the program only once it listens.
const NAMESPACE_SETUP = `set -e
${LIMITS}
unshare=$1; shift
mount -t proc proc /proc
n=$1; shift
while [ "$n" -gt 0 ]; do
  if [ -d "$1" ]; then mount -t tmpfs -o size=4k,mode=000 agentd-hidden "$1"; elif [ -e "$1" ]; then mount --bind /dev/null "$1"; fi
  shift; n=$((n - 1))
done
n=$1; shift
while [ "$n" -gt 0 ]; do
  mount --bind "$1" "$1"; mount -o remount,bind,ro "$1"
  shift; n=$((n - 1))
done
for ip in "$(command -v ip 2>/dev/null || true)" /usr/sbin/ip /sbin/ip; do
  if [ -n "$ip" ] && [ -x "$ip" ]; then "$ip" link set lo up 2>/dev/null || true; break; fi
done
relay=$1; shift
if [ "$relay" = 1 ]; then
  ready=$3
  "$1" "$2" inside "$3" "$4" &
  shift 4
  i=0
  while [ ! -e "$ready" ]; do
    i=$((i + 1))
    if [ "$i" -gt 200 ]; then echo "[agentd] the sandbox's service relay did not start (is the loopback up? ip is needed)" >&2; exit 125; fi
    sleep 0.05
  done
fi
exec "$unshare" --user --map-user=65534 --map-group=65534 -- "$@"`;

/** The setup runs as root of its namespaces (to mount); the program itself as nobody, without capabilities. */
const ALL_NS = ['--user', '--map-root-user', '--mount', '--net', '--pid', '--fork', '--kill-child'];
const NOBODY_NS = ['--user', '--map-user=65534', '--map-group=65534'];

export function findHelpers(searchPath: string): Helpers {
  const sh = process.platform === 'win32' ? null : findOnPath('sh', searchPath);
  const unshare = process.platform === 'linux' ? findOnPath('unshare', searchPath) : null;
  return { sh, unshare };
}

/** The program to start and its arguments, running `program args` at the given level. */
export function wrapCommand(
  level: Isolation,
  helpers: Helpers,
  limits: WrapLimits,
  program: string,
  args: string[],
): { file: string; argv: string[] } {
  const { sh, unshare } = helpers;
  if (!sh) return { file: program, argv: args };
  const dataKB = String(Math.max(1, Math.round(limits.memoryMB * 1024)));
  const cpu = String(Math.max(1, Math.ceil(limits.cpuSeconds)));
  if (level === 'namespaces' && unshare) {
    const relay = limits.relay ? ['1', limits.relay.node, limits.relay.script, limits.relay.ready, limits.relay.specs] : ['0'];
    const lists = [String(limits.hidden.length), ...limits.hidden, String(limits.readOnly.length), ...limits.readOnly, ...relay];
    return { file: unshare, argv: [...ALL_NS, '--', sh, '-c', NAMESPACE_SETUP, 'sh', cpu, dataKB, unshare, ...lists, program, ...args] };
  }
  const limited = [sh, '-c', LIMITED_EXEC, 'sh', cpu, dataKB, program, ...args];
  if (level === 'network' && unshare) return { file: unshare, argv: [...NOBODY_NS, '--net', '--', ...limited] };
  return { file: sh, argv: limited.slice(1) };
}

function runsCleanly(file: string, argv: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = hostSpawn(file, argv, { stdio: 'ignore', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.on('error', () => resolve(false));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

async function probe(): Promise<Isolation> {
  const helpers = findHelpers(process.env.PATH ?? '');
  if (!helpers.sh || !helpers.unshare) return 'none';
  const limits: WrapLimits = { cpuSeconds: 5, memoryMB: 256, hidden: [], readOnly: [] };
  for (const level of ['namespaces', 'network'] as const) {
    const { file, argv } = wrapCommand(level, helpers, limits, helpers.sh, ['-c', 'exit 0']);
    if (await runsCleanly(file, argv)) return level;
  }
  return 'none';
}

/**
 * `AGENTD_SANDBOX_ISOLATION` may lower the level (to see what a machine without namespaces does);
 * it can never raise it above what the machine allows.
 */
function capped(found: Isolation): Isolation {
  const wanted = process.env.AGENTD_SANDBOX_ISOLATION as Isolation | undefined;
  if (!wanted || !LEVELS.includes(wanted)) return found;
  return LEVELS.indexOf(wanted) < LEVELS.indexOf(found) ? wanted : found;
}

let probed: Promise<Isolation> | null = null;

/** The level this machine gives project code; probed on first use, then remembered by this thread. */
export async function availableIsolation(): Promise<Isolation> {
  probed ??= probe();
  return capped(await probed);
}
