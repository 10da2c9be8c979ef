/**
 * The shared contract's zod schemas for code in the first load (the shell, the home page, the
 * signed-in header), loaded on first use instead of with the page: with zod they are some
 * 27 kB gzipped that the first paint would otherwise wait for. The load starts with the
 * first request that needs it and runs alongside it (lib/api.ts), so a page waits for it at most
 * once and rarely at all. Code that is itself loaded lazily (pages, dialogs) imports the schemas
 * directly; here they are named by key: `siteSchema('navResponse')` is a loader lib/api.ts takes
 * as `schema`. The paths these calls go to come from the `*-paths` modules, which carry no zod.
 */
function loader<M>(load: () => Promise<M>) {
  let module: Promise<M> | null = null;
  let loaded: M | null = null;
  // One promise per module: socket pushes checked against it stay in the order they came.
  const get = () => {
    module ??= load().then(
      (m) => (loaded = m),
      (error: unknown) => {
        module = null; // a failed chunk load (offline) is tried again next time
        throw error;
      },
    );
    return module;
  };
  const named =
    <K extends keyof M>(name: K) =>
    (): Promise<M[K]> =>
      get().then((m) => m[name]);
  /** The schema itself once its module is there (a socket push is then checked at once), else null. */
  named.now = <K extends keyof M>(name: K): M[K] | null => (loaded ? loaded[name] : null);
  return named;
}

const zodReady = import('zod').then((z) => z.config({ jitless: true }));
export const accountSchema = loader(() => zodReady.then(() => import('@kaixiang/shared/accounts')));
export const boxSchema = loader(() => zodReady.then(() => import('@kaixiang/shared/boxes')));
export const mailSchema = loader(() => zodReady.then(() => import('@kaixiang/shared/mail')));
export const siteSchema = loader(() => zodReady.then(() => import('@kaixiang/shared/site')));
