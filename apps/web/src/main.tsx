import { StrictMode } from 'react';
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
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
