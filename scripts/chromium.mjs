import { existsSync } from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH): Playwright's own browser download cannot work offline. */
export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((c) => c && existsSync(c));
}
