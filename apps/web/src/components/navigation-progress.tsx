import { Box } from '@mantine/core';
import classes from './navigation-progress.module.css';

/** A thin bar at the top of the window while the next screen loads. */
export function NavigationProgress({ active }: { active: boolean }) {
  if (!active) return null;
  return <Box className={classes.bar} role="progressbar" aria-label="Loading page" />;
}
