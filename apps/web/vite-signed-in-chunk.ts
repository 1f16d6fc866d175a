import path from 'node:path';
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

/** The signed-in first screen's lazy modules: the shell's parts and the swap screen. */
const SIGNED_IN_ROOTS = [
  /src[\\/]app[\\/]layout[\\/](signed-in-services|signed-in-actions|transaction-modal-host|sidebar-toggle|app-sidebar|navigation-drawer)\.tsx$/,
  /src[\\/]app[\\/]routes[\\/]swap\.tsx$/,
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
 * One chunk for what a signed-in client's first screen loads lazily (issue 14). Rolldown puts
 * every module that two lazy chunks share into a chunk of its own: the swap screen came in 107
 * files, and on a slow link each costs a round trip on one of the browser's six connections.
 *
 * Once the module graph is known, this collects the modules the signed-in roots import, less
 * those the screens a guest may open on import, so a guest never loads this chunk; `test` answers for the `signed-in` group of `output.codeSplitting`, below the
 * groups that take the entry's own graph. A library's index (`@mantine/core`, the icons)
 * re-exports everything: the walk follows only the names a module imports from it, or every
 * guest would seem to use every component.
 */
export function signedInChunk(): {
  plugin: Plugin;
  test: (id: string) => boolean;
  guestChunk: (id: string) => string | null;
} {
  const members = new Set<string>();
  const guestChunks = new Map<string, string>();
  const plugin: Plugin = {
    name: 'qmgt-signed-in-chunk',
    enforce: 'post',
    apply: 'build',
    buildEnd() {
      members.clear();
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
      for (const id of closure(SIGNED_IN_ROOTS)) {
        if (guests.has(id)) continue;
        // Shared with a screen a guest may open on: one chunk of those, not one file each.
        if (otherGuests.has(id)) guestChunks.set(id, 'shared');
        else members.add(id);
      }
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      const files = signedInFiles(bundle);
      if (files.length === 0) return;
      const reference = this.emitFile({ type: 'asset', name: 'session-preload.js', source: sessionPreload(files) });
      const script = `<script async src="/${this.getFileName(reference)}"></script>`;
      html.source = html.source.replace(/(\s*)<\/head>/, `\n    ${script}$1</head>`);
    },
  };
  return { plugin, test: (id) => members.has(id), guestChunk: (id) => guestChunks.get(id) ?? null };
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

/**
 * A visit with a session renders the signed-in shell first, whose chunks the app asks for only
 * once its entry has downloaded and run: a round trip and more on a slow link. This script (async:
 * it blocks nothing) asks for them as soon as the page's head is read, for sessions only, so a
 * guest's first load is unchanged. The hints match what the app's own loads ask for (module
 * preloads and stylesheets, CORS mode), so nothing is fetched twice.
 */
function sessionPreload(files: string[]): string {
  return `(() => {
  try {
    const session = JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)}) || 'null');
    if (!session || !session.state || !session.state.isAuthenticated) return;
    for (const file of ${JSON.stringify(files.map((file) => `/${file}`))}) {
      const link = document.createElement('link');
      const css = file.endsWith('.css');
      link.rel = css ? 'preload' : 'modulepreload';
      if (css) link.as = 'style';
      link.crossOrigin = '';
      link.href = file;
      document.head.appendChild(link);
    }
  } catch {
    // No storage (private mode): the app loads these itself.
  }
})();
`;
}
