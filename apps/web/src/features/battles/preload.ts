import { useEffect, useSyncExternalStore } from 'react';
import { localItemImage } from '../../components/item-image.tsx';

/**
 * Item pictures fetched before the reels turn (spec 2 §2 "battle loading overlay"): a reel's tiles
 * pass the marker within a second, and a picture still arriving then shows as an empty tile. Each
 * is tried as ItemImage would show it, the catalogue's address first and then the server's own
 * drawing, so the one the tile ends up with is in the browser's cache.
 */
export interface Picture {
  src: string;
  itemId: number;
}

const pictureKey = (p: Picture) => `${p.itemId} ${p.src}`;

/** Pictures whose loading is over, loaded or not: a failed one is not waited for again. */
let settled = new Set<string>();
const inFlight = new Map<string, Promise<void>>();
/** As ItemImage does: once a host fails, its other pictures go straight to the local drawing. */
const failedHosts = new Set<string>();
let version = 0;
const listeners = new Set<() => void>();

function hostOf(url: string): string {
  try {
    return new URL(url, window.location.href).host;
  } catch {
    return '';
  }
}

function load(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(true);
    img.onerror = () => resolve(false);
    img.src = url;
  });
}

export function preloadPicture(p: Picture): Promise<void> {
  const key = pictureKey(p);
  if (settled.has(key)) return Promise.resolve();
  const running = inFlight.get(key);
  if (running) return running;
  const promise = (async () => {
    const remote = p.src && !failedHosts.has(hostOf(p.src)) ? p.src : '';
    for (const url of [remote, localItemImage(p.itemId)]) {
      if (!url) continue;
      if (await load(url)) break;
      if (url === remote && hostOf(url) !== window.location.host) failedHosts.add(hostOf(url));
    }
    inFlight.delete(key);
    settled.add(key);
    version++;
    for (const l of listeners) l();
  })();
  inFlight.set(key, promise);
  return promise;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts loading `pictures` (each once per page life) and says how many are over. */
export function usePreloadedPictures(pictures: readonly Picture[]): number {
  useSyncExternalStore(subscribe, () => version);
  const key = pictures.map(pictureKey).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the pictures
  useEffect(() => {
    for (const p of pictures) void preloadPicture(p);
  }, [key]);
  return pictures.reduce((n, p) => n + (settled.has(pictureKey(p)) ? 1 : 0), 0);
}

/** Tests start from an empty cache; the page never forgets (a picture's loading is over once). */
export function forgetPreloadedPictures(): void {
  settled = new Set();
  inFlight.clear();
  failedHosts.clear();
}
