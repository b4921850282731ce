/**
 * The autocomplete theme keys its dark colours to `data-theme` on <body>, while Docusaurus sets it
 * on <html>. The plugin's search box copies it across once it has loaded; our stand-in button
 * (./SearchButton.tsx) is drawn before that, so the copy starts here, and stops once the plugin's
 * own takes over. Returns the cleanup.
 */
export function syncBodyTheme(): () => void {
  const sync = () => document.body.setAttribute('data-theme', document.documentElement.getAttribute('data-theme') ?? '');
  const observer = new MutationObserver(sync);
  observer.observe(document.documentElement, {attributes: true, attributeFilter: ['data-theme']});
  sync();
  return () => observer.disconnect();
}
