/**
 * Settings the server injects into index.html at serve time, so one build runs on every
 * environment. Under `vite` dev there is no injection: the dev key is the server's default.
 */
export interface RuntimeConfig {
  signKey: string;
  env: 'development' | 'production' | 'test';
}

const DEV_SIGN_KEY = 'kaixiang-dev-sign-secret';

export function readRuntimeConfig(source: Window['__KX__'] = globalThis.window?.__KX__): RuntimeConfig {
  const env = source?.env === 'production' || source?.env === 'test' ? source.env : 'development';
  return {
    signKey: source?.signKey || import.meta.env.VITE_SIGN_KEY || DEV_SIGN_KEY,
    env,
  };
}

let cached: RuntimeConfig | null = null;

export function runtimeConfig(): RuntimeConfig {
  cached ??= readRuntimeConfig();
  return cached;
}
