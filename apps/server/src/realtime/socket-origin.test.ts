import { describe, expect, it } from 'vitest';
import { socketOriginCheck } from './socket-origin.ts';

describe('socket origin rule', () => {
  const production = socketOriginCheck({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://kaixiang.example/' });
  const devWithOrigin = socketOriginCheck({ NODE_ENV: 'development', PUBLIC_ORIGIN: 'https://kaixiang.example' });
  const devBare = socketOriginCheck({ NODE_ENV: 'development' });

  it('lets a client without an Origin (not a browser) connect', () => {
    expect(production(undefined, 'kaixiang.example')).toBe(true);
    expect(devBare(undefined, undefined)).toBe(true);
  });

  it("allows the site's own public origin, exactly", () => {
    expect(production('https://kaixiang.example', 'kaixiang.example')).toBe(true);
    expect(production('https://KAIXIANG.example:443', 'kaixiang.example')).toBe(true);
    expect(production('http://kaixiang.example', 'kaixiang.example')).toBe(false);
    expect(production('https://kaixiang.example:8443', 'kaixiang.example')).toBe(false);
    expect(production('https://evil.kaixiang.example', 'kaixiang.example')).toBe(false);
    expect(production('https://kaixiang.example.evil.test', 'kaixiang.example')).toBe(false);
  });

  it('refuses localhost and the request host in production', () => {
    expect(production('http://localhost:5173', 'localhost:3000')).toBe(false);
    expect(production('http://127.0.0.1:3000', '127.0.0.1:3000')).toBe(false);
    expect(production('https://mirror.test', 'mirror.test')).toBe(false);
  });

  it('allows loopback origins on any port outside production', () => {
    for (const check of [devWithOrigin, devBare]) {
      expect(check('http://localhost:5173', 'localhost:3000')).toBe(true);
      expect(check('http://127.0.0.1:41234', '127.0.0.1:41234')).toBe(true);
      expect(check('https://[::1]:3000', '[::1]:3000')).toBe(true);
      expect(check('http://localhost.evil.test', 'localhost:3000')).toBe(false);
    }
  });

  it("allows the request's own host outside production only while PUBLIC_ORIGIN is unset", () => {
    expect(devBare('http://devbox.lan:3000', 'devbox.lan:3000')).toBe(true);
    expect(devBare('http://devbox.lan', 'devbox.lan:80')).toBe(true);
    expect(devBare('http://devbox.lan:3000', 'devbox.lan:3001')).toBe(false);
    expect(devBare('https://evil.test', 'devbox.lan:3000')).toBe(false);
    expect(devWithOrigin('http://devbox.lan:3000', 'devbox.lan:3000')).toBe(false);
  });

  it('refuses opaque, malformed and non-web origins', () => {
    for (const origin of ['null', '', 'not a url', 'file://', 'chrome-extension://abc', 'ws://localhost:3000']) {
      expect(devBare(origin, 'localhost:3000'), origin).toBe(false);
      expect(production(origin, 'kaixiang.example'), origin).toBe(false);
    }
  });
});
