import { API_BASE } from '@qmgt/contracts';

/**
 * The only reader of import.meta.env. Every setting has a default that works against the
 * API served from the same origin, so a build needs no configuration.
 *
 * Not a zod schema (decision 011): this module is in every screen's first load, and the two
 * settings are strings by construction (Vite inlines them); a schema here checked only "empty
 * means the default" and brought zod (25 KB gzip) into the first paint.
 */
const parsed = {
  VITE_API_BASE: import.meta.env.VITE_API_BASE || API_BASE,
  /** Block-explorer page a transaction hash is appended to (SPEC.md section 1). */
  VITE_EXPLORER_TX_BASE: import.meta.env.VITE_EXPLORER_TX_BASE || '/explorer/tx/',
};

const apiBase = parsed.VITE_API_BASE.replace(/\/+$/, '');

/** The API's host when it is configured as an absolute URL; '' when it is this site's own. */
function originOf(base: string): string {
  try {
    return /^https?:\/\//i.test(base) ? new URL(base).origin : '';
  } catch {
    return '';
  }
}

export const env = {
  apiBase,
  explorerTxBase: parsed.VITE_EXPLORER_TX_BASE,
  /** Host of public files the API links to by path, e.g. profile pictures under /uploads/pictures. */
  assetOrigin: originOf(apiBase),
} as const;
