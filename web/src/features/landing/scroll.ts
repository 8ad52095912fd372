/** Scrolls to the upload panel and moves keyboard focus there too. */
export function scrollToUpload(): void {
  const panel = document.getElementById('analyze');
  panel?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  panel?.focus({ preventScroll: true });
}
