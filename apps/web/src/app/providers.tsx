import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ApiError } from '../api/client.ts';
import { AfterHydration } from '../components/after-hydration.tsx';
import { theme } from './theme.ts';

/** The browser's query client; the server makes one per page it renders, asking only once. */
export function createQueryClient({ onServer = false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; network trouble might.
        retry: (failureCount, error) =>
          !onServer &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
    },
  });
}

/** The theme, notifications and queries around the router (the browser's or the server's). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // Says on the document when the app has taken the page over: a page the server rendered
  // shows before it answers clicks, and a test waits for this before it clicks.
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return (
    // The theme's variables and the hiddenFrom / visibleFrom classes come with the stylesheet
    // (theme-variables.css): written by the provider, they were a <style> element inside the
    // page's body, which HTML does not allow there.
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <AfterHydration>
        <Notifications position="top-right" />
      </AfterHydration>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
