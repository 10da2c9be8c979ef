import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A test's first visit to a page or dialog imports its lazily loaded chunk (and, for the first
    // schema check, zod), which Vitest transforms then: more than the 5 s default on a busy machine,
    // and a find may wait up to 15 s (test/setup.ts).
    testTimeout: 30_000,
  },
});
