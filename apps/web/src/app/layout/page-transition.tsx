import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * Pages slide in on route change (SPEC.md section 2). Keyed by path so each page animates in.
 * A CSS animation (styles/global.css, .page-slide-in), which stops for readers who ask for
 * reduced motion: the motion library it replaced weighed about 40 KB gzip on every first load.
 *
 * The page a visit opens on does not slide: opening the site is not a route change, and a page
 * fading in from transparent is shown a quarter of a second later (its text is not even a
 * candidate for the browser's largest paint until then; issue 14).
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [firstPath] = useState(pathname);
  const [hasNavigated, setHasNavigated] = useState(false);
  useEffect(() => {
    if (pathname !== firstPath) setHasNavigated(true);
  }, [pathname, firstPath]);
  const slides = hasNavigated || pathname !== firstPath;
  // Clipped: the page entering from the right must not widen a 360 px screen while it slides.
  return (
    <div style={{ overflowX: 'clip' }}>
      <div key={pathname} className={slides ? 'page-slide-in' : undefined}>
        {children}
      </div>
    </div>
  );
}
