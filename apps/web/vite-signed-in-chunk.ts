import path from 'node:path';
import type { Plugin } from 'vite';

/** The signed-in first screen's lazy modules: the shell's parts and the swap screen. */
const SIGNED_IN_ROOTS = [
  /src[\\/]app[\\/]layout[\\/](signed-in-services|signed-in-actions|transaction-modal-host|sidebar-toggle|app-sidebar|navigation-drawer)\.tsx$/,
  /src[\\/]app[\\/]routes[\\/]swap\.tsx$/,
];
/** Guests' first screens: what they load stays out of the signed-in chunk. */
const GUEST_ROOTS = [/src[\\/]app[\\/]routes[\\/]sign-in\.tsx$/, /src[\\/]app[\\/]routes[\\/]landing\.tsx$/];

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
 * those the guests' first screens (/signin, the landing page) import, so a guest's first load
 * is unchanged; `test` answers for the `signed-in` group of `output.codeSplitting`, below the
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
      for (const id of closure(SIGNED_IN_ROOTS)) if (!guests.has(id)) members.add(id);
    },
  };
  return { plugin, test: (id) => members.has(id), guestChunk: (id) => guestChunks.get(id) ?? null };
}
