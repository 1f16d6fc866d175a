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
 * The outbox's public surface is its index.ts (docs/decisions/014-outbox.md): only the outbox
 * knows its table; db/schema.ts gathers the table for drizzle-kit.
 */
const outboxSurface = {
  regex: 'platform/outbox/(?!index\\.js$)',
  message: 'Import the outbox from platform/outbox/index.js, its one public surface.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
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
  {
    // An API module reaches another module through its service, never its tables or
    // repository (DESIGN.md section 7): the only way in to another module's data is the code
    // that keeps that data's rules. Schema files may name other tables for foreign keys.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.schema.ts', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.schema.js', '../*/*.repository.js', '**/db/schema.js'],
              message: "Use the other module's service; a module reads and writes only its own tables.",
            },
            outboxSurface,
          ],
        },
      ],
    },
  },
  {
    // The same seam outside the modules (which have it in their own block above: a file gets
    // one set of no-restricted-imports patterns, the last that matches).
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/**', 'apps/api/src/platform/outbox/**', 'apps/api/src/db/schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [outboxSurface],
        },
      ],
    },
  },
);
