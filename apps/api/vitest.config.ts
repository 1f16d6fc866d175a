import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@qmgt/contracts': path.resolve(import.meta.dirname, '../../packages/contracts/src/index.ts') },
  },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own database; two workers fit the 2-core CI machine.
    pool: 'forks',
    maxWorkers: 2,
  },
});
