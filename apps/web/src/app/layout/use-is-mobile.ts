import { useMediaQuery } from '@mantine/hooks';
import { createContext, useContext } from 'react';
import { MOBILE_MEDIA_QUERY } from '../theme';

/**
 * Whether the layout renders for a phone, as given by the build's prerender
 * (src/prerender/prerender-screens.tsx), which has no window to ask and renders the signed-in
 * shell once for each. Nothing provides it in the browser: there the media query answers.
 */
export const PrerenderedIsMobile = createContext<boolean | undefined>(undefined);

/**
 * Up to 768 px (MOBILE_MEDIA_QUERY). Read at the first render, not in an effect: a phone would
 * otherwise render the desktop layout (the docked sidebar) first and then swap it for the mobile one.
 */
export function useIsMobile(): boolean {
  const given = useContext(PrerenderedIsMobile);
  const matches = useMediaQuery(MOBILE_MEDIA_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  return given ?? matches;
}
