/**
 * Runs `run` once the element first shows on screen (at once where IntersectionObserver is
 * missing). Returns the cancel. Used to build Prism only for code a reader can see.
 */
export function whenVisible(element: Element, run: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    run();
    return () => {};
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    run();
  });
  observer.observe(element);
  return () => observer.disconnect();
}
