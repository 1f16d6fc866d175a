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

export const env = {
  apiBase: parsed.VITE_API_BASE.replace(/\/+$/, ''),
  explorerTxBase: parsed.VITE_EXPLORER_TX_BASE,
} as const;
