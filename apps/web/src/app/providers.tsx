import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { APP_EVENTS } from '../lib/events.ts';
import { USER_QUERY_ROOT } from '../lib/session.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The API client already told the player what went wrong; retrying would repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => {
    const drop = () => client.removeQueries({ queryKey: [USER_QUERY_ROOT] });
    window.addEventListener(APP_EVENTS.signedOut, drop);
    return () => window.removeEventListener(APP_EVENTS.signedOut, drop);
  }, [client]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
