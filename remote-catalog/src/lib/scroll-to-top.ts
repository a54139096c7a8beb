/** Smoothly back to the top of the page (spec §4: go-to-top and page changes). */
export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}
