import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    E2E_BASE_URL: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/healthz within ${timeoutMs} ms`);
}

/** Builds the web app and the server and starts it with a fresh PGlite, unless a harness already did. */
export default async function setup(project: TestProject) {
  const given = process.env.E2E_BASE_URL;
  if (given) {
    project.provide('E2E_BASE_URL', given.replace(/\/$/, ''));
    return;
  }
  execFileSync('npm', ['run', 'build', '-w', '@kaixiang/web'], { cwd: REPO, stdio: 'inherit' });
  // The browser drives the server as production runs it: the built bundle, not tsx.
  execFileSync('npm', ['run', 'build:server'], { cwd: REPO, stdio: 'inherit' });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kx-e2e-'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: REPO,
    // The embedded mode with the development tools, whatever the calling shell has configured.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      DATABASE_URL: '',
      REDIS_URL: '',
      // The tests' API helper speaks as a proxy on the loopback would, naming the player's address.
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, 120_000);
  } catch (error) {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    throw error;
  }
  project.provide('E2E_BASE_URL', url);
  return async () => {
    if (child.pid && child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
