import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtime-config.ts';

describe('runtime config', () => {
  it('takes the signing key and environment the server injected', () => {
    expect(readRuntimeConfig({ signKey: 'from-server', env: 'production' })).toEqual({
      signKey: 'from-server',
      env: 'production',
    });
  });

  it('falls back to the development key under the Vite dev server', () => {
    expect(readRuntimeConfig(undefined)).toEqual({ signKey: 'kaixiang-dev-sign-secret', env: 'development' });
  });
});
