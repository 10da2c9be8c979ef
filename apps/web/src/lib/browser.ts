/**
 * Leaving or reloading the page, behind an object so tests can replace the methods (jsdom cannot
 * navigate) and the app reads what it does.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
  /**
   * The window that opened this one, when it shows our own site: the Steam sign-in may run in a
   * popup, whose result belongs to the opener (spec 1 §4).
   */
  sameSiteOpener(): Window | null {
    try {
      const opener = window.opener as Window | null;
      return opener && opener !== window && opener.location.origin === window.location.origin ? opener : null;
    } catch {
      // A cross-origin opener throws on location access: not ours.
      return null;
    }
  },
  close(): void {
    window.close();
  },
};
