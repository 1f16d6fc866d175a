#!/usr/bin/env node
/**
 * Compiles apps/api/contracts/*.sol with solc-js (offline: the compiler ships inside the npm
 * package) into apps/api/artifacts/<Contract>.json = { contractName, abi, bytecode, inputHash }.
 *
 * Skips the work when the artifacts were made from the same inputs (sources, OpenZeppelin and
 * solc versions, settings), so it can run before every build and test. `--force` recompiles.
 * Run by `npm run build`, and by the chain adapter when an artifact is missing or older than
 * its source (a plain `vitest run` in a fresh clone).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const apiDir = path.resolve(import.meta.dirname, '..');
const sourcesDir = path.join(apiDir, 'contracts');
const artifactsDir = path.join(apiDir, 'artifacts');
const openZeppelinDir = path.dirname(require.resolve('@openzeppelin/contracts/package.json'));
const OZ_PREFIX = '@openzeppelin/contracts/';

/** BSC has run Cancun-equivalent rules since its Haber upgrade; anvil's default is newer. */
const settings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
};

const packageVersion = (name) => JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;

function readSources() {
  const names = readdirSync(sourcesDir)
    .filter((f) => f.endsWith('.sol'))
    .sort();
  if (names.length === 0) throw new Error(`no .sol file in ${sourcesDir}`);
  return Object.fromEntries(names.map((name) => [name, readFileSync(path.join(sourcesDir, name), 'utf8')]));
}

function inputHashOf(sources) {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({ solc: packageVersion('solc'), openzeppelin: packageVersion('@openzeppelin/contracts'), settings }),
  );
  for (const [name, content] of Object.entries(sources)) hash.update(`\0${name}\0${content}`);
  return hash.digest('hex');
}

/** Contract names are the file names: QMGT.sol holds `contract QMGT`. */
const contractNameOf = (sourceName) => path.basename(sourceName, '.sol');

function upToDate(sources, inputHash) {
  return Object.keys(sources).every((name) => {
    const file = path.join(artifactsDir, `${contractNameOf(name)}.json`);
    if (!existsSync(file)) return false;
    try {
      return JSON.parse(readFileSync(file, 'utf8')).inputHash === inputHash;
    } catch {
      return false;
    }
  });
}

/** Resolves `import "@openzeppelin/contracts/..."` from node_modules; nothing else is importable. */
function findImports(importPath) {
  if (!importPath.startsWith(OZ_PREFIX)) return { error: `import not allowed: ${importPath}` };
  const file = path.resolve(openZeppelinDir, importPath.slice(OZ_PREFIX.length));
  if (!file.startsWith(openZeppelinDir + path.sep)) return { error: `import escapes the package: ${importPath}` };
  try {
    return { contents: readFileSync(file, 'utf8') };
  } catch {
    return { error: `not found: ${importPath}` };
  }
}

export async function compileContracts({ force = false, log = console.log } = {}) {
  const sources = readSources();
  const inputHash = inputHashOf(sources);
  if (!force && upToDate(sources, inputHash)) {
    // A source touched but not changed: newer artifacts tell the adapter's mtime check so too.
    const now = new Date();
    for (const name of Object.keys(sources))
      utimesSync(path.join(artifactsDir, `${contractNameOf(name)}.json`), now, now);
    return { compiled: false, artifactsDir };
  }

  const started = Date.now();
  // Loaded only when there is work: the compiler is an 8 MB WebAssembly module.
  const { default: solc } = await import('solc');
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
  const diagnostics = output.errors ?? [];
  for (const d of diagnostics.filter((e) => e.severity !== 'error')) log(d.formattedMessage);
  const errors = diagnostics.filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);

  mkdirSync(artifactsDir, { recursive: true });
  for (const sourceName of Object.keys(sources)) {
    const contractName = contractNameOf(sourceName);
    const contract = output.contracts?.[sourceName]?.[contractName];
    if (!contract) throw new Error(`${sourceName} does not define contract ${contractName}`);
    const artifact = {
      contractName,
      sourceName,
      compiler: `solc-js ${solc.version()}`,
      inputHash,
      abi: contract.abi,
      bytecode: `0x${contract.evm.bytecode.object}`,
    };
    // Rename is atomic: a test worker reading concurrently never sees half a file.
    const file = path.join(artifactsDir, `${contractName}.json`);
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(artifact, null, 2)}\n`);
    renameSync(temp, file);
  }
  log(
    `compiled ${Object.keys(sources).join(', ')} with solc ${solc.version()} in ${Date.now() - started} ms -> ${path.relative(process.cwd(), artifactsDir) || '.'}`,
  );
  return { compiled: true, artifactsDir };
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  compileContracts({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
