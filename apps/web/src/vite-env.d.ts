/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SIGN_KEY?: string;
}

interface Window {
  /** Injected by the server into index.html (apps/server/src/http/web-app.ts). */
  __KX__?: { signKey?: string; env?: string };
}
