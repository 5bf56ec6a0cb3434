import { Box } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { NavigationProgress } from '../components/navigation-progress.tsx';
import classes from './layout.module.css';
import type { RouteHandle } from './routes.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

function useDocumentTitle(): void {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  useEffect(() => {
    document.title = handle?.title ? `${handle.title} · Campwise` : 'Campwise';
  }, [handle?.title]);
}

/** A screen without the site's navigation (the hosted checkout). */
export function BareLayout() {
  useDocumentTitle();
  return <Outlet />;
}

export function AppLayout() {
  useDocumentTitle();
  const navigation = useNavigation();
  return (
    <Box className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <NavigationProgress active={navigation.state === 'loading'} />
      <SiteHeader />
      <Box component="main" id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </Box>
      <SiteFooter />
      <ScrollRestoration />
    </Box>
  );
}
