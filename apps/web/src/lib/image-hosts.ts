/**
 * Hosts whose images failed to load in this page's life: once the catalogue's CDN is unreachable,
 * later pictures (a reel of 50 tiles, a page of cases) go straight to the locally drawn ones
 * instead of each waiting for its own failure. Our own host never counts: its drawings are the
 * fallback.
 */
const failedHosts = new Set<string>();

function hostOf(url: string): string {
  try {
    return new URL(url, window.location.href).host;
  } catch {
    return '';
  }
}

/** Whether pictures from this address's host already failed to load. */
export function hostFailed(url: string): boolean {
  return url !== '' && failedHosts.has(hostOf(url));
}

/** Remembers that a picture from this address's (foreign) host failed to load. */
export function noteFailedHost(url: string): void {
  const host = hostOf(url);
  if (host && host !== window.location.host) failedHosts.add(host);
}
