import { useEffect } from 'react';

/**
 * Names the document after what the page shows (a camp, an organization) once it is known;
 * until then the route's own title, set by the layout, stays.
 */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    // The layout names the document in its own effect, which runs after this one when both
    // change in one render (cached data): waiting for the end of the render keeps this name.
    let current = true;
    queueMicrotask(() => {
      if (current) document.title = `${title} · Campwise`;
    });
    return () => {
      current = false;
    };
  }, [title]);
}
