/**
 * Loads the document afresh at the same address. Its own module so a test can stand in for it:
 * jsdom cannot navigate, and its `location.reload` cannot be replaced.
 */
export function reloadDocument(): void {
  window.location.reload();
}
