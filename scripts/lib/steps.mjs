// Plain Node (no dependencies): these run before `npm install` has happened on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export function log(message) {
  console.log(`\x1b[36m[kaixiang]\x1b[0m ${message}`);
}

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

export function runOrExit(cmd, args, opts = {}) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    log(`failed: ${cmd} ${args.join(' ')} (exit ${status})`);
    process.exit(status);
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing dependencies (npm ci)…');
  runOrExit('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Builds the web app when it was never built or its sources changed since. */
export function ensureWebBuild({ force = false } = {}) {
  const built = join(root, 'apps/web/dist/index.html');
  const sources = Math.max(newestMtime(join(root, 'apps/web')), newestMtime(join(root, 'packages/shared/src')));
  if (!force && existsSync(built) && statSync(built).mtimeMs >= sources) return;
  log('building the web app…');
  runOrExit('npm', ['run', 'build', '-w', '@kaixiang/web']);
}

/** Chromium and a CJK font for the browser tests, from Debian's packages, when missing. */
export function ensureChromium() {
  if (existsSync('/usr/bin/chromium') && existsSync('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc')) return;
  if (process.getuid?.() !== 0) {
    log('browser tests need: sudo apt-get install -y chromium fonts-wqy-microhei');
    process.exit(1);
  }
  log('installing chromium and fonts-wqy-microhei…');
  if (run('apt-get', ['install', '-y', 'chromium', 'fonts-wqy-microhei']) !== 0) {
    runOrExit('apt-get', ['update']);
    runOrExit('apt-get', ['install', '-y', 'chromium', 'fonts-wqy-microhei']);
  }
}

export function spawnForwarding(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}
