/**
 * `node run-in.js <folder> <program> [args...]`: starts the program in <folder> and exits with its exit
 * code. runCommand always starts in the workspace root; testing.run runs the tests in a temp copy of it
 * (with the staged changes), so the sandboxed command is this launcher. It is agentd's code and runs
 * inside the sandbox with the tests.
 */
import { spawn } from 'node:child_process';

const [folder, program, ...args] = process.argv.slice(2);
if (!folder || !program) {
  process.stderr.write('usage: run-in <folder> <program> [args...]\n');
  process.exit(2);
}
const child = spawn(program, args, { cwd: folder, stdio: 'inherit' });
child.on('error', (error) => {
  process.stderr.write(`[agentd] could not start ${program}: ${error.message}\n`);
  process.exit(127);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
