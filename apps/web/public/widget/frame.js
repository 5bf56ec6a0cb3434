/* Tells the page that embeds the booking widget how tall it is, so it needs no scroll bar. */
(() => {
  if (window.parent === window) return;
  const tell = () =>
    window.parent.postMessage({ campwiseWidgetHeight: document.documentElement.scrollHeight }, '*');
  new ResizeObserver(tell).observe(document.body);
  tell();
})();
