import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * Pages slide in on route change (SPEC.md section 2). Keyed by path so each page animates in.
 * A CSS animation (styles/global.css, .page-slide-in), which stops for readers who ask for
 * reduced motion: the motion library it replaced weighed about 40 KB gzip on every first load.
 */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Clipped: the page entering from the right must not widen a 360 px screen while it slides.
  return (
    <div style={{ overflowX: 'clip' }}>
      <div key={pathname} className="page-slide-in">
        {children}
      </div>
    </div>
  );
}
