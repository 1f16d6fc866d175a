import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images other than SVG, fonts (woff2) and archives already are. */
const COMPRESSIBLE = /\.(?:js|mjs|cjs|css|html|svg|json|txt|xml|webmanifest|map|wasm|ico)$/i;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build output, at the
 * highest levels: the work is done once per build instead of on every request, and the API's
 * static plugin (`preCompressed`) sends the variant the client accepts. A variant that would not
 * be smaller than its original is not written, so the original is sent instead.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'qmgt-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the public directory is copied and every chunk is written.
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const original = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(original, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
              },
            }),
            gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < original.length) await writeFile(`${file}.br`, br);
          if (gz.length < original.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
