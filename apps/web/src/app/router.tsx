import { Center, Loader } from '@mantine/core';
import { createBrowserRouter } from 'react-router';
import { AppLayout } from './layout.tsx';
import { RouteError } from './route-error.tsx';
import { pageRoutes } from './routes.ts';

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Shown only while the first screen's code arrives.
    hydrateFallbackElement: (
      <Center h="100vh">
        <Loader aria-label="Loading Campwise" />
      </Center>
    ),
    children: pageRoutes,
  },
]);
