import { SERVER_STATE_ELEMENT_ID } from '@campwise/contract/server-render';

/**
 * A page the server rendered is painted before the app's code is asked for, so on a slow
 * network that code does not compete with the page's own stylesheet, font and pictures; the
 * app then hydrates the page in place. A screen rendered in the browser needs its code at once.
 */
const startApp = () => import('./main.tsx');

if (document.getElementById(SERVER_STATE_ELEMENT_ID)) {
  // A callback before the next frame, then a task after it: the page has been painted.
  requestAnimationFrame(() => setTimeout(startApp, 0));
} else {
  void startApp();
}
