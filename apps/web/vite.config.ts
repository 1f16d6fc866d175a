import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // precompress: .br and .gz beside each text asset, served by the API's static plugin.
  plugins: [react(), precompress()],
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
        // long-cached chunk. The other libraries are not grouped (mantine, vendor, charts were):
        // a group loads whole as soon as the first screen needs any part of it (issue 14: the
        // charts group came with /signin for a shared helper). Rolldown splits them by the
        // screens that import them.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
});
