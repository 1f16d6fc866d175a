import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the Tab key: "Skip to main content" jumps past the header (and the
 * sidebar's twenty links) so a keyboard user reaches the page's own action, e.g. the swap
 * amount, in a few presses (issue 14 counted 27). Hidden until focused.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    // Focus rather than follow the fragment: a #hash would add a history entry to the router.
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}
