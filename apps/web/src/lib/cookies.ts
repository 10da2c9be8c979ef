/**
 * Cookies of spec 1 §3: the access token, the user id and the login flag; the rotating refresh
 * token and when to use it (epoch seconds, from the login response); the game-platform ticket
 * kept only between the Steam redirect and the login it buys.
 */
export const COOKIE = {
  token: 'Authorization',
  userId: 'user_id',
  loginFlag: 'loginFlag',
  refresh: 'Refresh',
  refreshAfter: 'refresh_after',
  steamId: 'steamId',
} as const;

export function getCookie(name: string, source: string = document.cookie): string | null {
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return null;
}

export function setCookie(name: string, value: string, opts: { maxAgeSeconds?: number } = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (opts.maxAgeSeconds !== undefined) parts.push(`max-age=${opts.maxAgeSeconds}`);
  if (location.protocol === 'https:') parts.push('Secure');
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve
  document.cookie = parts.join('; ');
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setCookie
  document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
}
