import { useLocation } from 'react-router';
import type { ParentScreen } from './parent-link.tsx';

/** Link state that names the screen a public profile was opened from (search results, an organization). */
export interface ArrivalState {
  parent: ParentScreen;
}

export function arrivalState(parent: ParentScreen): ArrivalState {
  return { parent };
}

function isParentScreen(value: unknown): value is ParentScreen {
  if (typeof value !== 'object' || value === null) return false;
  const { to, label } = value as Record<string, unknown>;
  return (
    typeof to === 'string' &&
    to.startsWith('/') &&
    !to.startsWith('//') &&
    typeof label === 'string' &&
    label.length > 0 &&
    label.length <= 200
  );
}

/**
 * A public profile has two logical parents: the search results it was found in, or the
 * organization it belongs to. A link from either names it in its state; a profile opened
 * from outside (a shared link) has `fallback`.
 */
export function useArrivalParent(fallback: ParentScreen): ParentScreen {
  const location = useLocation();
  const parent = (location.state as Partial<ArrivalState> | null)?.parent;
  return isParentScreen(parent) ? parent : fallback;
}
