import { SERVER_STATE_ELEMENT_ID } from '@campwise/contract/server-render';

/**
 * A page the server rendered shows before the app's code is asked for, so on a slow network
 * that code does not compete with the page's own stylesheet, font and first pictures; the app
 * then hydrates the page in place. A screen rendered in the browser needs its code at once.
 */
const startApp = () => import('./main.tsx');

/** Runs `then` once the page shows content (text or a picture), or after a frame where the browser cannot say. */
function afterFirstContentfulPaint(then: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(then, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** After the page's load (its stylesheet, fonts and eager pictures) and its first contentful paint. */
function afterPageShows(then: () => void): void {
  const whenPainted = () => afterFirstContentfulPaint(then);
  if (document.readyState === 'complete') whenPainted();
  else window.addEventListener('load', whenPainted, { once: true });
}

if (document.getElementById(SERVER_STATE_ELEMENT_ID)) afterPageShows(startApp);
else void startApp();
