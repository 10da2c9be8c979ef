import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** Another server process for tests across processes: a fixture of test/fixtures started with tsx. */
export interface NodeProcess {
  child: ChildProcess;
  port: number;
}

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Starts `test/fixtures/<fixture>` with `args` and waits for the `PORT <n>` it prints once listening. */
export async function startNodeProcess(fixture: string, args: string[], startTimeoutMs = 60_000): Promise<NodeProcess> {
  const file = fileURLToPath(new URL(`../fixtures/${fixture}`, import.meta.url));
  // stdin stays a pipe: the fixture stops when it closes, so it never outlives a test that died.
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${fixture} did not start: ${out}`)), startTimeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${fixture} exited with ${code}: ${out}`));
    });
  });
  return { child, port };
}

export async function stopNodeProcess(node: NodeProcess | undefined): Promise<void> {
  if (!node || node.child.exitCode !== null) return;
  const exited = once(node.child, 'exit');
  node.child.kill('SIGTERM');
  const timer = setTimeout(() => node.child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
