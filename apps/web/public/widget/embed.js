/*
 * Campwise booking widget: put this script where the widget should appear. It draws the
 * organisation's sessions in a frame from Campwise and keeps the frame as tall as what it shows.
 * <script src="https://…/widget/embed.js" data-org="12" data-color="2b7a52" data-font="serif" async></script>
 */
(() => {
  const script = document.currentScript;
  if (!script?.dataset.org) return;
  const source = new URL(`/widget/orgs/${encodeURIComponent(script.dataset.org)}`, script.src);
  if (script.dataset.color) source.searchParams.set('color', script.dataset.color);
  if (script.dataset.font) source.searchParams.set('font', script.dataset.font);
  const frame = document.createElement('iframe');
  frame.src = source.toString();
  frame.title = script.dataset.title || 'Book a camp';
  frame.loading = 'lazy';
  frame.style.cssText = 'display:block;width:100%;border:0;color-scheme:light';
  script.after(frame);
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== source.origin) return;
    const height = event.data?.campwiseWidgetHeight;
    if (typeof height === 'number' && height > 0 && height < 100000)
      frame.style.height = `${Math.ceil(height)}px`;
  });
})();
