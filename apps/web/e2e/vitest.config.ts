import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests against the built site. When E2E_BASE_URL is set (the CI harness starts the
 * server itself), they run against it; otherwise global-setup.ts builds the web app and starts
 * the server on a free port with a throw-away database.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web-e2e',
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A poll waits for a state; its 1 s default is less than a lazily loaded page and its first
    // request take on a loaded 2-core machine, so a state reached late failed as if never reached.
    expect: { poll: { timeout: 15_000 } },
    // One browser, one server: files run one after another.
    fileParallelism: false,
  },
});
