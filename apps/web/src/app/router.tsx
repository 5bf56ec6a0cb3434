import { Center, Loader } from '@mantine/core';
import { matchRoutes, type RouteObject } from 'react-router';
import { AppLayout, BareLayout } from './layout.tsx';
import { RouteError } from './route-error.tsx';
import { page, pageRoutes } from './routes.tsx';

// Shown only while the first screen's code arrives.
const firstLoad = (
  <Center h="100vh">
    <Loader aria-label="Loading Campwise" />
  </Center>
);

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: firstLoad,
    children: pageRoutes,
  },
  // The test processor's checkout and onboarding stand alone, like a payment provider's own pages.
  {
    element: <BareLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: firstLoad,
    children: [
      page('/pay/checkout/:sessionId', 'Secure checkout', () => import('../pages/pay/checkout.tsx')),
      page('/pay/onboarding/:token', 'Payout account setup', () => import('../pages/pay/onboarding.tsx')),
    ],
  },
];

/**
 * Loads the code of the screens a location shows, so that a page the server rendered hydrates
 * into the same markup instead of the loading fallback.
 */
export async function loadScreensFor(pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(appRoutes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy === 'function')
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}
