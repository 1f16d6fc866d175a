import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A `<script>` without `src`: its text is what the browser hashes for the CSP. */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP sources that allow the inline scripts of a page (`'sha256-…'`, CSP Level 2). The client
 * build inlines one script in index.html (apps/web/vite-signed-in-chunk.ts: a session's chunks
 * hinted while the head is read); allowing it by its hash keeps `script-src` free of
 * 'unsafe-inline', so an injected script still runs nowhere.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT)) {
    if (!text) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** How long a read of index.html is trusted before its modification time is looked at again. */
const RECHECK_MS = 1_000;

/**
 * `script-src`'s own sources as one directive value: 'self' and the hashes of index.html's inline
 * scripts. A function (helmet calls it per response) because the static plugin serves a client
 * rebuilt while the server runs, and a rebuild changes the inline script (it names the chunks).
 */
export function clientScriptSources(distDir: string, now: () => number = Date.now): () => string {
  const index = path.join(distDir, 'index.html');
  let checkedAt = Number.NEGATIVE_INFINITY;
  let modifiedAt = Number.NaN;
  let value = "'self'";
  return () => {
    const time = now();
    if (time - checkedAt < RECHECK_MS) return value;
    checkedAt = time;
    let mtime: number;
    try {
      mtime = statSync(index).mtimeMs;
    } catch {
      // No client built (API-only start): nothing inline to allow.
      modifiedAt = Number.NaN;
      value = "'self'";
      return value;
    }
    if (mtime !== modifiedAt) {
      modifiedAt = mtime;
      value = ["'self'", ...inlineScriptHashes(readFileSync(index, 'utf8'))].join(' ');
    }
    return value;
  };
}
