import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { COOKIE, removeCookie } from '../lib/cookies.ts';
import { resetToasts } from '../lib/toast.ts';

// Pages and dialogs are loaded lazily (import()), and Vitest transforms such a module on its first
// use: on a busy machine the first find of a page's content can take longer than the 1 s default
// (CI's 2 cores at a load of 15 took more than 5 s to show the user centre the first time). A find
// still waits for a state: this only bounds how long a failing one takes to say so.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no layout: scrolling is a no-op here.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(async () => {
  cleanup();
  resetToasts();
  localStorage.clear();
  for (const name of Object.values(COOKIE)) removeCookie(name);
  await i18n.changeLanguage('zh-CN');
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
