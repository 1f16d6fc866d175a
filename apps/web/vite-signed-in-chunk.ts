import path from 'node:path';
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { API_BASE, apiPaths } from '../../packages/contracts/src/paths.ts';
import { EARLY_ANSWERS_GLOBAL } from './src/lib/early-answers.ts';
import { APP_LOAD_GLOBAL } from './vite-prerender.ts';

/**
 * The signed-in first screen's lazy modules that its first paint shows: the swap screen and the
 * header's sidebar toggle (left of the brand: were it to come later, the brand would move).
 */
const SIGNED_IN_ROOTS = [/src[\\/]app[\\/]layout[\\/]sidebar-toggle\.tsx$/, /src[\\/]app[\\/]routes[\\/]swap\.tsx$/];
/**
 * The rest of the signed-in shell: the header's actions (right of the brand: nothing moves when
 * they appear), the sidebar (its width is reserved), the closed drawer and modals, the session's
 * services. One chunk the app asks for at its first render, not before it: on a slow link the
 * screen shows without waiting for them (issue 14).
 */
const SIGNED_IN_LATER_ROOTS = [
  /src[\\/]app[\\/]layout[\\/](signed-in-services|signed-in-actions|transaction-modal-host|app-sidebar|navigation-drawer)\.tsx$/,
];
/** Guests' first screens: what they load stays out of the signed-in chunk. */
const GUEST_ROOTS = [/src[\\/]app[\\/]routes[\\/]sign-in\.tsx$/, /src[\\/]app[\\/]routes[\\/]landing\.tsx$/];
/**
 * Other screens a guest may open a visit on (a referral link leads to /register, a consultant's
 * page, a mailed link): what they import stays out of the signed-in chunk too, or a guest there
 * would load it.
 */
const OTHER_GUEST_ROOTS = [
  /src[\\/]app[\\/]routes[\\/](sign-up|consultant|forgot-password|email-verification|change-password)\.tsx$/,
];

const NAMED_REEXPORT = /export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
const NAMED_IMPORT = /import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
/** `a`, `a as b`, `default as b`: the name as seen on the importing side of the braces. */
const exportedName = (spec: string) =>
  spec
    .trim()
    .split(/\s+as\s+/)
    .pop()!
    .trim();
const importedName = (spec: string) =>
  spec
    .trim()
    .split(/\s+as\s+/)[0]!
    .trim();

type GraphInfo = { code: string | null; importedIds: readonly string[] } | null;

/**
 * Two chunks for what a signed-in client's first screen loads lazily (issue 14): what its first
 * paint shows (`signed-in`) and the rest of the shell (`signed-in-later`). Rolldown puts every
 * module that two lazy chunks share into a chunk of its own: the swap screen came in 107 files,
 * and on a slow link each costs a round trip on one of the browser's six connections.
 *
 * Once the module graph is known, this collects the modules the signed-in roots import, less
 * those the screens a guest may open on import, so a guest never loads these chunks; `test` and
 * `laterTest` answer for the two groups of `output.codeSplitting`, below the groups that take the
 * entry's own graph. A library's index (`@mantine/core`, the icons)
 * re-exports everything: the walk follows only the names a module imports from it, or every
 * guest would seem to use every component.
 */
export function signedInChunk(): {
  plugin: Plugin;
  test: (id: string) => boolean;
  laterTest: (id: string) => boolean;
  guestChunk: (id: string) => string | null;
  firstPaintContractsTest: (id: string) => boolean;
  shellContractsTest: (id: string) => boolean;
} {
  const members = new Set<string>();
  const firstPaintContracts = new Set<string>();
  const shellContracts = new Set<string>();
  const laterMembers = new Set<string>();
  let apiBase = API_BASE;
  const guestChunks = new Map<string, string>();
  const plugin: Plugin = {
    name: 'qmgt-signed-in-chunk',
    enforce: 'post',
    apply: 'build',
    configResolved(config) {
      // The same base the client's API calls use (src/config/env.ts), without a trailing slash.
      apiBase = (config.env.VITE_API_BASE || API_BASE).replace(/\/+$/, '');
    },
    buildEnd() {
      members.clear();
      laterMembers.clear();
      firstPaintContracts.clear();
      shellContracts.clear();
      guestChunks.clear();
      const info = (id: string): GraphInfo => this.getModuleInfo(id);
      const reexportCache = new Map<string, Map<string, string> | null>();
      /** name -> module for a library index made of `export { x } from '...'` lines only. */
      const reexportsOf = (id: string): Map<string, string> | null => {
        if (reexportCache.has(id)) return reexportCache.get(id)!;
        let names: Map<string, string> | null = null;
        const module = info(id);
        if (id.includes('node_modules') && module?.code) {
          names = new Map();
          for (const [, list, source] of module.code.matchAll(NAMED_REEXPORT)) {
            const target = source!.startsWith('.')
              ? path.resolve(path.dirname(id), source!)
              : module.importedIds.find((dep) => dep.includes(`node_modules/${source}/`));
            if (!target) continue;
            for (const spec of list!.split(',')) if (spec.trim()) names.set(exportedName(spec), target);
          }
          if (names.size < 20) names = null; // not an index worth treating as one
        }
        reexportCache.set(id, names);
        return names;
      };
      const closure = (roots: RegExp[]) => {
        const seen = new Set<string>();
        const stack = [...this.getModuleIds()].filter((id) => roots.some((root) => root.test(id)));
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          const module = info(id);
          for (const dep of module?.importedIds ?? []) {
            const index = reexportsOf(dep);
            if (!index) {
              stack.push(dep);
              continue;
            }
            // Only what this module imports by name from the index.
            for (const [, list, source] of module?.code?.matchAll(NAMED_IMPORT) ?? []) {
              if (source!.startsWith('.') || !dep.includes(`node_modules/${source}/`)) continue;
              for (const spec of list!.split(',')) {
                const target = spec.trim() ? index.get(importedName(spec)) : undefined;
                if (target) stack.push(target);
              }
            }
          }
        }
        return seen;
      };
      const guests = closure(GUEST_ROOTS);
      const [signInScreen, landingScreen] = GUEST_ROOTS.map((root) => closure([root]));
      for (const id of guests) {
        const both = signInScreen!.has(id) && landingScreen!.has(id);
        guestChunks.set(id, both ? 'guest' : signInScreen!.has(id) ? 'sign-in-screen' : 'landing-screen');
      }
      const otherGuests = closure(OTHER_GUEST_ROOTS);
      const firstPaint = closure(SIGNED_IN_ROOTS);
      const later = closure(SIGNED_IN_LATER_ROOTS);
      for (const id of contractsNamedBy(firstPaint, info)) firstPaintContracts.add(id);
      for (const id of contractsNamedBy(later, info)) if (!firstPaintContracts.has(id)) shellContracts.add(id);
      for (const id of [...firstPaint, ...later]) {
        if (guests.has(id)) continue;
        // Shared with a screen a guest may open on: one chunk of those, not one file each, and
        // one more of what the rest of the shell shares with them (the sandbox banner's calls
        // would otherwise bring their schemas into the first paint).
        if (otherGuests.has(id)) guestChunks.set(id, firstPaint.has(id) ? 'shared' : 'shared-later');
        else (firstPaint.has(id) ? members : laterMembers).add(id);
      }
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      const files = signedInFiles(bundle);
      if (files.length === 0) return;
      // Inline, and before the stylesheet: an external script would cost a round trip before the
      // hints, and an inline one after a stylesheet waits for it. The API's Content-Security-Policy
      // allows it by its SHA-256 (apps/api/src/plugins/client-scripts.ts). It asks when the app's
      // own code is asked for: at once, or once a prerendered copy has painted (vite-prerender.ts).
      const script = `<script>${sessionPreload(files, apiBase)}</script>`;
      html.source = html.source.replace('</title>', `</title>\n    ${script}`);
    },
  };
  return {
    plugin,
    test: (id) => members.has(id),
    laterTest: (id) => laterMembers.has(id),
    guestChunk: (id) => guestChunks.get(id) ?? null,
    firstPaintContractsTest: (id) => firstPaintContracts.has(id),
    shellContractsTest: (id) => shellContracts.has(id),
  };
}

const CONTRACTS_MODULE = /packages[\\/]contracts[\\/]src[\\/][\w-]+\.ts$/;
const EXPORTED_VALUE = /export\s+(?:const|let|function|class)\s+([\w$]+)/g;

/**
 * The contracts modules `modules` use, by the names they import from `@qmgt/contracts`, with
 * the contracts modules those import. Building every schema of the contracts costs the swap
 * screen's first paint more than its own code does, and then the rest of the shell one task of
 * 290 ms at 4x CPU slowdown after it (CPU profiles of the load): so the first paint gets the
 * schemas it names, the rest of the shell those it names, and the screens the others.
 */
function contractsNamedBy(modules: Set<string>, info: (id: string) => GraphInfo): Set<string> {
  const exporter = new Map<string, string>();
  const indexes = new Set<string>();
  for (const id of modules) {
    for (const dep of info(id)?.importedIds ?? []) {
      if (!/packages[\\/]contracts[\\/]src[\\/]index\.ts$/.test(dep) || indexes.has(dep)) continue;
      indexes.add(dep);
      for (const part of info(dep)?.importedIds ?? [])
        for (const [, name] of info(part)?.code?.matchAll(EXPORTED_VALUE) ?? []) exporter.set(name!, part);
    }
  }
  const found = new Set<string>();
  const stack: string[] = [];
  for (const id of modules) {
    if (CONTRACTS_MODULE.test(id)) continue;
    for (const [, list, source] of info(id)?.code?.matchAll(NAMED_IMPORT) ?? []) {
      if (source !== '@qmgt/contracts') continue;
      for (const spec of list!.split(',')) {
        const target = exporter.get(importedName(spec));
        if (target) stack.push(target);
      }
    }
  }
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    for (const dep of info(id)?.importedIds ?? []) if (CONTRACTS_MODULE.test(dep)) stack.push(dep);
  }
  return found;
}

/** The persisted session store's key (apps/web/src/lib/session-store.ts, SESSION_STORAGE_KEY). */
const SESSION_STORAGE_KEY = 'qmgt-session';

/** The signed-in chunk, the chunks it imports and their CSS, less what index.html loads anyway. */
function signedInFiles(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  const signedIn = chunks.find((chunk) => chunk.name === 'signed-in');
  if (!entry || !signedIn) return [];
  const inHtml = new Set([entry.fileName, ...entry.imports]);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (inHtml.has(fileName) || files.has(fileName) || chunk?.type !== 'chunk') return;
    files.add(fileName);
    for (const css of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
      ?.importedCss ?? [])
      files.add(css);
    chunk.imports.forEach(visit);
  };
  visit(signedIn.fileName);
  return [...files];
}

/** Stands for the session's user hash in a path (letters only: encodeURIComponent keeps it). */
const USER_HASH = 'USER_HASH';

/**
 * The GETs a session's first screen makes, by the screen's path ('*': every signed-in screen):
 * the shell's (session-sync's getInfo, the profile menu's KYC form, the header's deposit address,
 * the terms prompt, the sandbox banner's health) and the swap screen's balance. A path missing
 * here is only asked for later, by the app; one listed but not asked for is one small wasted GET.
 */
const FIRST_SCREEN_GETS: Record<string, { path: string; auth: boolean }[]> = {
  '*': [
    { path: apiPaths.getInfo, auth: true },
    { path: apiPaths.getPersonal, auth: true },
    { path: apiPaths.accountAddress(USER_HASH), auth: true },
    { path: apiPaths.termsStatus, auth: true },
    { path: apiPaths.health, auth: false },
  ],
  '/': [{ path: apiPaths.qmgtBalance, auth: true }],
};

/**
 * A visit with a session renders the signed-in shell first, whose chunks the app asks for only
 * once its entry has downloaded and run: a round trip and more on a slow link. This script (inline
 * and tiny: it blocks nothing) asks for them while the page's head is read, for sessions only, so
 * a guest's first load is unchanged. The hints match what the app's own loads ask for (module
 * preloads and stylesheets, CORS mode), so nothing is fetched twice.
 *
 * It also asks for the first screen's GETs (FIRST_SCREEN_GETS) with the session's token, exactly
 * as the API client would, and leaves the answers where the client takes them
 * (src/lib/early-answers.ts): the balances arrive with the code instead of a round trip after it.
 */
function sessionPreload(files: string[], apiBase: string): string {
  const gets = (list: (typeof FIRST_SCREEN_GETS)[string]) => JSON.stringify(list.map(({ path, auth }) => [path, auth]));
  const byScreen = Object.entries(FIRST_SCREEN_GETS)
    .filter(([screen]) => screen !== '*')
    .map(([screen, list]) => `${JSON.stringify(screen)}: ${gets(list)}`)
    .join(', ');
  return `(() => {
  const gate = window[${JSON.stringify(APP_LOAD_GLOBAL)}];
  if (gate) gate.after(run);
  else run();
  function run() {
  try {
    const session = JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)}) || 'null');
    const state = session && session.state;
    if (!state || !state.isAuthenticated) return;
    for (const file of ${JSON.stringify(files.map((file) => `/${file}`))}) {
      const link = document.createElement('link');
      const css = file.endsWith('.css');
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.as = 'style';
      link.crossOrigin = '';
      link.href = file;
      document.head.appendChild(link);
    }
    const token = state.accessToken;
    const userHash = state.info && state.info.userHash;
    if (typeof token !== 'string' || typeof userHash !== 'string') return;
    const screens = { ${byScreen} };
    const gets = ${gets(FIRST_SCREEN_GETS['*']!)}.concat(screens[location.pathname] || []);
    const answers = {};
    for (const [path, auth] of gets) {
      const url = new URL(${JSON.stringify(apiBase)} + path.replace(${JSON.stringify(USER_HASH)}, encodeURIComponent(userHash)), location.origin).href;
      const headers = auth ? { Accept: 'application/json', Authorization: 'Bearer ' + token } : { Accept: 'application/json' };
      const response = fetch(url, { headers });
      // The client that takes it sees a failure as its own; one nobody takes is not an error.
      response.catch(() => undefined);
      answers[url] = { auth, response };
    }
    window[${JSON.stringify(EARLY_ANSWERS_GLOBAL)}] = { token, at: performance.now(), answers };
  } catch {
    // No storage (private mode): the app loads all of this itself.
  }
  }
})();
`;
}
