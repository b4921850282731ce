/**
 * The autocomplete theme keys its dark colours to `data-theme` on <body>, while Docusaurus sets it
 * on <html>. A script at the top of <body> copies it at load (packages/kestrel-theme/html/body-color-mode.ts). The
 * plugin's search box keeps it in step once it has loaded; our stand-in button (./SearchButton.tsx)
 * is drawn before that, so until then the copy is kept here. It writes only a changed value: any
 * write restyles the whole page. Returns the cleanup.
 */
export function syncBodyTheme(): () => void {
  const sync = () => {
    const mode = document.documentElement.getAttribute('data-theme') ?? '';
    if (document.body.getAttribute('data-theme') !== mode) document.body.setAttribute('data-theme', mode);
  };
  const observer = new MutationObserver(sync);
  observer.observe(document.documentElement, {attributes: true, attributeFilter: ['data-theme']});
  sync();
  return () => observer.disconnect();
}
