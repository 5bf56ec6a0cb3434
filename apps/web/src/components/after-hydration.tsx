import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children once the page is the app's, at low priority: what only opens on a click
 * (a menu's dropdown, the drawer, the notifications) is left out of the server's page and the
 * hydration. Mantine mounts their portals with a state update in a layout effect, which React
 * runs at once; during hydration that re-render also ran every effect of the page in the same
 * task, a long task on a slow phone.
 */
export function AfterHydration({ children, before = null }: { children: ReactNode; before?: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  // `before` is what the server's page holds in their place, working without the script.
  return shown ? children : before;
}
