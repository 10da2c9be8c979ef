import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { i18nReady } from './i18n/index.ts';
import { startSocket } from './lib/socket.ts';
import './styles/index.css';

const router = createBrowserRouter(routes);
startSocket();

// A visitor who chose zh-TW or en-US before waits for those texts rather than seeing zh-CN flash.
// The first render is a transition: React builds the page in slices of a few milliseconds instead
// of one long task, so the browser paints and answers input in between (Lighthouse's TBT).
void i18nReady.then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
});
