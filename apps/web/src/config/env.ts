import { API_BASE } from '@qmgt/contracts';
import { z } from 'zod';

/**
 * The only reader of import.meta.env. Every setting has a default that works against the
 * API served from the same origin, so a build needs no configuration.
 */
const envSchema = z.object({
  VITE_API_BASE: z.string().min(1).default(API_BASE),
  /** Block-explorer page a transaction hash is appended to (SPEC.md section 1). */
  VITE_EXPLORER_TX_BASE: z.string().min(1).default('/explorer/tx/'),
});

const parsed = envSchema.parse({
  VITE_API_BASE: import.meta.env.VITE_API_BASE || undefined,
  VITE_EXPLORER_TX_BASE: import.meta.env.VITE_EXPLORER_TX_BASE || undefined,
});

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
