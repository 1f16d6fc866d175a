import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The client's module boundaries (CONVENTIONS.md): a web feature never imports another feature
 * nor the app layer that composes them, and shared code (src/components, src/lib, src/config)
 * imports neither, which would be a detour between features. The rule
 * judges where an import lands, not how it is spelt: relative paths are resolved from the
 * importing file and the `@/` alias (tsconfig.app.json, vite.config.ts) from src, so `../x`,
 * `../../features/x` and `@/features/x` are all caught, at any depth. A local rule rather than
 * eslint-plugin-import-x's no-restricted-paths: that plugin needs a native resolver whose builds
 * for other platforms this machine's registry does not serve, which would break `npm ci`.
 * Self-contained (its own plugin and files) so that other blocks of this file, such as the
 * API's, can sit beside it.
 */
function webModuleBoundaries() {
  // Paths from this file, not from wherever eslint was started (apps/web, an editor's folder).
  const src = path.join(import.meta.dirname, 'apps/web/src');
  const features = new Set(
    readdirSync(path.join(src, 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );
  /** Which layer of src a path is in: a feature by name, 'shared', 'app', or undefined (elsewhere). */
  const layerOf = (file) => {
    const relative = path.relative(src, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
    const [top, name] = relative.split(path.sep);
    if (top === 'features' && features.has(name)) return { feature: name };
    if (top === 'components' || top === 'lib' || top === 'config') return 'shared';
    if (top === 'app') return 'app';
    return undefined;
  };
  const boundaries = {
    meta: {
      type: 'problem',
      docs: { description: 'A web feature imports no other feature nor the app; shared code imports neither.' },
      schema: [],
      messages: {
        otherFeature:
          'The {{from}} feature must not import {{to}} ("{{source}}"); move shared code to src/components or src/lib, or compose the features in src/app.',
        sharedToUpper:
          'Shared code (src/components, src/lib, src/config) must not import {{to}} ("{{source}}"); it is what features and the app build on.',
      },
    },
    create(context) {
      const from = layerOf(context.filename);
      if (from === undefined || from === 'app') return {};
      const check = (sourceNode) => {
        const source = sourceNode?.value;
        if (typeof source !== 'string') return;
        let target;
        if (source.startsWith('@/')) target = path.join(src, source.slice(2));
        else if (source.startsWith('.')) target = path.resolve(path.dirname(context.filename), source);
        else return; // a package
        const to = layerOf(target);
        if (to === undefined || to === 'shared') return;
        if (to !== 'app' && to.feature === from.feature) return;
        const what = to === 'app' ? 'the app layer' : `the ${to.feature} feature`;
        if (from === 'shared') {
          context.report({ node: sourceNode, messageId: 'sharedToUpper', data: { to: what, source } });
        } else {
          context.report({
            node: sourceNode,
            messageId: 'otherFeature',
            data: { from: from.feature, to: what, source },
          });
        }
      };
      return {
        ImportDeclaration: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
      };
    },
  };
  return {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-boundaries': { rules: { boundaries } } },
    rules: { 'web-boundaries/boundaries': 'error' },
  };
}

/**
 * The API's seams (DESIGN.md sections 7 and 10): a module reaches another module's data only
 * through that module's service, never its tables or repository, and a platform module
 * (src/platform/<name>) only through its index.ts. Like the web's rule it judges where an
 * import lands, resolved from the importing file, so `../gae/gae.repository.js` and
 * `../../modules/gae/gae.repository.js` are caught alike, from modules, jobs, adapters, lib,
 * plugins and platform. Schema files may name other modules' tables (foreign keys), and
 * db/ gathers every schema for drizzle; tests may reach anything.
 */
function apiModuleBoundaries() {
  const src = path.join(import.meta.dirname, 'apps/api/src');
  /** Where a path is: a module or platform module by name with the file's base name, or a top folder. */
  const placeOf = (file) => {
    const relative = path.relative(src, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
    const parts = relative.split(path.sep);
    if ((parts[0] === 'modules' || parts[0] === 'platform') && parts.length >= 3)
      return { layer: parts[0], name: parts[1], base: parts.at(-1) };
    return { layer: parts[0], base: parts.at(-1) };
  };
  const isData = (base) => /\.(schema|repository)\.(js|ts)$/.test(base);
  const boundaries = {
    meta: {
      type: 'problem',
      docs: { description: "An API module uses another module's service, never its tables or repository." },
      schema: [],
      messages: {
        otherData:
          '"{{source}}" is the {{to}} module\'s {{what}}: use its service; a module reads and writes only its own tables.',
        dbSchema: '"{{source}}" gathers every table: import your own module\'s schema file instead.',
        platformInside: '"{{source}}" is inside the {{to}} platform module: import its index.ts.',
        moduleInside:
          '"{{source}}" is inside the {{to}} module: import what its index.ts exports (add it there if another module needs it).',
        surfaceData:
          '"{{source}}" is this module\'s {{what}}: its public surface (index.ts) offers services and rules, never tables.',
      },
    },
    create(context) {
      const from = placeOf(context.filename);
      if (from === undefined || from.layer === 'db' || from.layer === 'test') return {};
      if (/\.schema\.ts$/.test(from.base) || /\.test\.ts$/.test(from.base)) return {};
      const check = (sourceNode) => {
        const source = sourceNode?.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const to = placeOf(path.resolve(path.dirname(context.filename), source));
        if (to === undefined) return;
        if (to.layer === 'db' && /^schema\.(js|ts)$/.test(to.base)) {
          context.report({ node: sourceNode, messageId: 'dbSchema', data: { source } });
          return;
        }
        const same = to.layer === from.layer && to.name === from.name;
        const what = /schema/.test(to.base) ? 'schema' : 'repository';
        if (to.layer === 'modules' && !same && isData(to.base)) {
          context.report({ node: sourceNode, messageId: 'otherData', data: { source, to: to.name, what } });
        } else if (to.layer === 'modules' && !same && !/^index\.(js|ts)$/.test(to.base)) {
          // app.ts, the composition root, registers each module's plugin (<module>.module.ts).
          const registers = from.layer === 'app.ts' && /\.module\.(js|ts)$/.test(to.base);
          if (!registers)
            context.report({ node: sourceNode, messageId: 'moduleInside', data: { source, to: to.name } });
        }
        if (same && from.layer === 'modules' && /^index\.ts$/.test(from.base) && isData(to.base))
          context.report({ node: sourceNode, messageId: 'surfaceData', data: { source, what } });
        if (to.layer === 'platform' && !same && !/^index\.(js|ts)$/.test(to.base))
          context.report({ node: sourceNode, messageId: 'platformInside', data: { source, to: to.name } });
      };
      return {
        ImportDeclaration: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
      };
    },
  };
  return {
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'api-boundaries': { rules: { boundaries } } },
    rules: { 'api-boundaries/boundaries': 'error' },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/.openapi-client-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  webModuleBoundaries(),
  apiModuleBoundaries(),
  {
    // The money refresh runs after every swap, so the swap screen's first paint loads it: it
    // reads the features' query keys (query-keys.ts), never their calls, which would bring
    // every feature's schemas into that paint.
    files: ['apps/web/src/app/money/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/features/[^/]+/api/(?!query-keys$|get-transaction-details$)',
              message: "Import the feature's query keys (api/query-keys.ts), not its calls.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
