import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import postcss, { type Root, type Rule } from 'postcss';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { OutputAsset, OutputBundle } from 'rolldown';

const ENTRY = 'src/prerender/prerender-screens.tsx';

type Screen = 'signin' | 'landing' | 'swap' | 'swap-phone';
type PrerenderModule = {
  prerenderScreens: () => Promise<Record<Screen, string>>;
  /** Where `swap-phone` replaces `swap`: the root layout's phone query. */
  PHONE_MEDIA_QUERY: string;
  /** The persisted session store's key, and what `kycVerified` holds for a verified client. */
  SESSION_STORAGE_KEY: string;
  KYC_VERIFIED: string;
};

/** What the inline script needs to know, taken from the app's own sources by the prerender module. */
type ScreenChoice = { phoneMediaQuery: string; sessionStorageKey: string; kycVerified: string };

const STYLE_TAG = /<style([^>]*)>([\s\S]*?)<\/style>/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;

/**
 * A client-rendered screen paints only once React, the router and the screen's chunks have
 * arrived and run: about 2.2 s on Lighthouse's simulated mobile link (issue 23). This renders, at
 * build time, the screens a visit most often opens on (src/prerender/prerender-screens.tsx: the
 * sign-in page, the landing page, a verified client's swap screen) and puts them in index.html
 * as templates with the CSS they need; a small inline script after them shows the one matching
 * the visit (its path, and whether the persisted store holds a session) while the JavaScript
 * loads. The copy is `inert` (nothing in it can be focused or pressed: it would do nothing) and
 * the app's first render replaces it, as React clears the root's children on its first commit.
 * Other paths, and a signed-in client not yet verified, get the empty root as before.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'qmgt-prerender',
    enforce: 'post',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      const { screens, choice } = await renderScreens(config);
      const { head, templates } = prerenderedParts(screens, bundle);
      const { html: withoutModules, entry, preloads } = takeModuleTags(html.source);
      html.source = withoutModules
        // First in the head: the gate must exist before the session's script (vite-signed-in-chunk.ts) queues on it.
        .replace('</title>', `</title>\n    <script>${appLoadGate(choice, entry, preloads)}</script>`)
        .replace('</head>', `  ${head}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root"></div>\n    ${templates}\n    <script>${showScreen()}</script>`,
        );
    },
  };
}

/** The global the gate lives on (the session's script queues on it too). */
export const APP_LOAD_GLOBAL = '__qmgtAppLoad';

const MODULE_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/** The entry's `<script type="module">` and its `modulepreload` links, out of the HTML: the gate asks for them. */
function takeModuleTags(source: string): { html: string; entry: string; preloads: string[] } {
  const entries = [...source.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
  if (entries.length !== 1)
    throw new Error(`index.html has ${entries.length} module scripts; the gate loads exactly one`);
  const preloads = [...source.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  return { html: source.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, ''), entry: entries[0]!, preloads };
}

/** Builds the prerender entry for Node beside the client's node_modules, and runs it. */
async function renderScreens(
  config: ResolvedConfig,
): Promise<{ screens: Record<Screen, string>; choice: ScreenChoice }> {
  // Inside the package, so the bundle's bare imports (react, @mantine/core) resolve.
  const outDir = path.join(config.root, 'node_modules/.prerender');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: config.resolve.alias },
    define: config.define,
    publicDir: false,
    build: { ssr: ENTRY, outDir, emptyOutDir: true, minify: false, copyPublicDir: false },
  });
  const file = path.join(outDir, `${path.basename(ENTRY, '.tsx')}.js`);
  const module = (await import(pathToFileURL(file).href)) as PrerenderModule;
  const choice = {
    phoneMediaQuery: module.PHONE_MEDIA_QUERY,
    sessionStorageKey: module.SESSION_STORAGE_KEY,
    kycVerified: module.KYC_VERIFIED,
  };
  try {
    return { screens: await module.prerenderScreens(), choice };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * The head's part (the theme's CSS variables and Mantine's class rules, the same for every
 * screen) and one template per screen: its markup and the rules of the build's stylesheets its
 * classes use, less the entry's stylesheet, which index.html loads anyway.
 */
function prerenderedParts(screens: Record<Screen, string>, bundle: OutputBundle) {
  const sheets = Object.values(bundle)
    .filter((file): file is OutputAsset => file.type === 'asset' && file.fileName.endsWith('.css'))
    .filter((file) => !/^assets\/index-[\w-]+\.css$/.test(file.fileName))
    .map((file) =>
      postcss.parse(typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source)),
    );
  const shared = new Map<string, string>();
  const templates: string[] = [];
  for (const [name, markup] of Object.entries(screens)) {
    const inline: string[] = [];
    const body = markup.replace(STYLE_TAG, (tag, attributes: string, css: string) => {
      // The provider's own sheets: the same for every screen, said once in the head.
      if (/data-mantine-styles="(?:true|classes)"/.test(attributes)) shared.set(attributes, css);
      else inline.push(css);
      return '';
    });
    if (/<script/i.test(body)) throw new Error(`The prerendered ${name} screen has a script: the CSP would refuse it`);
    const classes = new Set<string>();
    for (const [, list] of body.matchAll(CLASS_ATTRIBUTE)) for (const name of list!.split(/\s+/)) classes.add(name);
    const css = [...sheets.map((sheet) => usedRules(sheet, classes)), ...inline].filter(Boolean).join('');
    templates.push(`<template id="prerender-${name}"><style>${css}</style>${body}</template>`);
  }
  const head = [...shared].map(([attributes, css]) => `<style${attributes}>${css}</style>`).join('');
  return { head, templates: templates.join('\n    ') };
}

/** The rules of `sheet` whose selectors name only classes in `classes` (at-rules kept around them). */
function usedRules(sheet: Root, classes: Set<string>): string {
  const copy = sheet.clone();
  copy.walkRules((rule: Rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return;
    const kept = rule.selectors.filter((selector) =>
      [...selector.matchAll(CLASS_IN_SELECTOR)].every(([, name]) => classes.has(name!)),
    );
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  // Keyframes only matter for what moves (the loader): none of these screens' first paint.
  copy.walkAtRules((atRule) => {
    if (/keyframes$/i.test(atRule.name)) atRule.remove();
  });
  let emptied = true;
  while (emptied) {
    emptied = false;
    copy.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return copy
    .toString()
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s*\n\s*/g, '');
}

/**
 * When the app's code is asked for. Without a copy to show, at once, from the head. With one,
 * once the copy has painted: until then the stylesheet is all the paint needs, and on a slow link
 * the app's 270 KB (a signed-in client's) would share the line with it. The copy is the page's
 * first and largest paint, so this is also what Lighthouse's simulation sees: requests begun
 * before that paint count against it, as they may delay it (issue 23: the swap screen's LCP
 * was simulated at 2.6 s, its copy painting at 0.4-0.6 s in the real browser).
 *
 * Inline in the head, before the stylesheet (an inline script after a pending stylesheet waits
 * for it), and allowed by the API's CSP by its hash (apps/api/src/plugins/client-scripts.ts).
 * The paths match the router's (case-insensitive); /signin with a session is a redirect to /,
 * and / for a client not yet verified has no sidebar: neither gets a copy. A phone (the root
 * layout's media query) gets the signed-in shell's phone copy, as the app's first render there
 * has the drawer's burger.
 */
function appLoadGate(
  { phoneMediaQuery, sessionStorageKey, kycVerified }: ScreenChoice,
  entry: string,
  preloads: string[],
): string {
  return `(() => {
  const gate = { queue: [], open: false, screen: null };
  gate.after = (run) => (gate.open ? run() : gate.queue.push(run));
  gate.release = () => {
    if (gate.open) return;
    gate.open = true;
    for (const run of gate.queue.splice(0)) run();
  };
  window[${JSON.stringify(APP_LOAD_GLOBAL)}] = gate;
  gate.after(() => {
    for (const href of ${JSON.stringify([entry, ...preloads])}) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    // An added module script runs as soon as it has arrived, not after the document is parsed as
    // a module script tag does: it would find no #root while the parser is still in the head.
    // Its download starts now (the preload above); it is added once the document is parsed.
    const run = () => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = ${JSON.stringify(entry)};
      document.head.appendChild(script);
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
    else run();
  });
  try {
    const session = JSON.parse(localStorage.getItem(${JSON.stringify(sessionStorageKey)}) || 'null');
    const state = session && session.state;
    const signedIn = Boolean(state && state.isAuthenticated);
    const path = location.pathname.toLowerCase().replace(/\\/+$/, '') || '/';
    const verified = signedIn && Boolean(state.info) && state.info.kycVerified === ${JSON.stringify(kycVerified)};
    const screen = path === '/signin' ? (signedIn ? null : 'signin') : path === '/' ? (signedIn ? (verified ? 'swap' : null) : 'landing') : null;
    const phone = screen === 'swap' && matchMedia(${JSON.stringify(phoneMediaQuery)}).matches;
    gate.screen = screen && screen + (phone ? '-phone' : '');
  } catch {
    // No storage (private mode): no copy; the app paints the screen itself.
  }
  // A hidden tab paints nothing until it is shown: its code is not held for a paint.
  if (!gate.screen || document.visibilityState !== 'visible') {
    gate.screen = null;
    gate.release();
  }
})();
`;
}

/**
 * Inline and right after the templates, so the copy is in place before the first paint; then the
 * gate opens once the browser reports that paint (a second at most, should none be reported).
 */
function showScreen(): string {
  return `(() => {
  const gate = window[${JSON.stringify(APP_LOAD_GLOBAL)}];
  try {
    const template = gate && gate.screen && document.getElementById('prerender-' + gate.screen);
    if (template) {
      const copy = document.createElement('div');
      copy.inert = true;
      copy.appendChild(template.content.cloneNode(true));
      document.getElementById('root').appendChild(copy);
    }
    for (const unused of document.querySelectorAll('template[id^="prerender-"]')) unused.remove();
    if (!template || !(PerformanceObserver.supportedEntryTypes || []).includes('paint')) throw new Error('no paint to wait for');
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      gate.release();
    }).observe({ type: 'paint', buffered: true });
    setTimeout(gate.release, 1000);
  } catch {
    if (gate) gate.release();
  }
})();
`;
}
