import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { mantineCssPerComponent } from './vite-mantine-css.ts';
import { precompress } from './vite-precompress.ts';
import { prerender } from './vite-prerender.ts';
import { signedInChunk } from './vite-signed-in-chunk.ts';

const signedIn = signedInChunk();
const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // mantineCssPerComponent: each Mantine component's CSS travels with its chunk.
  // prerender: the first screens' HTML in index.html, shown while the JavaScript loads.
  // precompress: .br and .gz beside each text asset, served by the API's static plugin.
  plugins: [react(), mantineCssPerComponent(), signedIn.plugin, prerender(), precompress()],
  resolve: {
    alias: {
      // Contracts are consumed as TypeScript source, so the client needs no contracts build step.
      '@qmgt/contracts': fromHere('../../packages/contracts/src/index.ts'),
      '@': fromHere('./src'),
    },
  },
  server: {
    port: 5173,
    // Profile pictures are served by the API under /uploads/pictures (the image base path).
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app and every screen needs them: one
        // long-cached chunk. The entry's whole static graph is one chunk (`initial`): rolldown
        // otherwise gives every module a lazy chunk shares with it a file of its own, and each
        // file is a round trip. zod and the schemas the signed-in first paint names are one chunk
        // (`contracts`), those the rest of the signed-in shell names a second, the other schemas a
        // third: building every schema of the contracts cost the swap screen's first paint more
        // than its own code. None is in /signin's first paint (decision 011). The signed-in first screen's lazy parts are
        // one chunk (vite-signed-in-chunk.ts). Other
        // libraries are not grouped (mantine, vendor, charts were): a group loads whole as soon
        // as a screen needs any part of it (issue 14: the charts group came with /signin).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 4 },
            { name: 'initial', tags: ['$initial'], priority: 3 },
            {
              name: 'contracts',
              test: (id) => signedIn.firstPaintContractsTest(id) || /node_modules[\\/]zod[\\/]/.test(id),
              priority: 2,
            },
            { name: 'contracts-shell', test: signedIn.shellContractsTest, priority: 1.6 },
            { name: 'contracts-more', test: /packages[\\/]contracts[\\/]src[\\/]/, priority: 1.5 },
            // Only the modules it names: their dependencies that guests' first screens share
            // stay out, or /signin would load this chunk.
            { name: 'signed-in', test: signedIn.test, priority: 1, includeDependenciesRecursively: false },
            { name: 'signed-in-later', test: signedIn.laterTest, priority: 1, includeDependenciesRecursively: false },
            // What the guests' first screens import: one chunk each for /signin and the landing
            // page, one for what both use.
            { name: signedIn.guestChunk, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
