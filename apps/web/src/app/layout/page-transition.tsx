import { motion } from 'motion/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';

/** Pages slide in on route change (SPEC.md section 2). Keyed by path so each page animates in. */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Clipped: the page entering from the right must not widen a 360 px screen while it slides.
  return (
    <div style={{ overflowX: 'clip' }}>
      <motion.div
        key={pathname}
        initial={{ opacity: 0, x: 24 }}
        animate={{ opacity: 1, x: 0 }}
        transition={{ duration: 0.25, ease: 'easeOut' }}
      >
        {children}
      </motion.div>
    </div>
  );
}
