import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Abi, Hex } from 'viem';

/** apps/api, from both src/adapters/chain and dist/adapters/chain. */
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const ARTIFACTS_DIR = path.join(apiDir, 'artifacts');
const SOURCES_DIR = path.join(apiDir, 'contracts');
const COMPILE_SCRIPT = path.join(apiDir, 'scripts', 'compile-contracts.mjs');

export interface ContractArtifact {
  contractName: string;
  abi: Abi;
  bytecode: Hex;
}

export type ContractName = 'QMGT' | 'TestUSDT' | 'TestUSDAU';
const CONTRACTS: readonly ContractName[] = ['QMGT', 'TestUSDT', 'TestUSDAU'];

function needsCompile(): boolean {
  const sources = existsSync(SOURCES_DIR) ? readdirSync(SOURCES_DIR).filter((f) => f.endsWith('.sol')) : [];
  return CONTRACTS.some((name) => {
    const artifact = path.join(ARTIFACTS_DIR, `${name}.json`);
    if (!existsSync(artifact)) return true;
    const source = path.join(SOURCES_DIR, `${name}.sol`);
    return sources.includes(`${name}.sol`) && statSync(source).mtimeMs > statSync(artifact).mtimeMs;
  });
}

let loading: Promise<Record<ContractName, ContractArtifact>> | undefined;

/**
 * The compiled contracts. `npm run build` makes them; when they are missing or older than
 * their source (a test run in a fresh clone) the build script runs here first, in a child
 * process: solc-js installs process-wide error handlers that do not belong in the API.
 */
export function loadContractArtifacts(): Promise<Record<ContractName, ContractArtifact>> {
  loading ??= (async () => {
    if (needsCompile()) {
      if (!existsSync(COMPILE_SCRIPT))
        throw new Error(
          `contract artifacts are missing in ${ARTIFACTS_DIR} and ${COMPILE_SCRIPT} is not there to make them`,
        );
      await promisify(execFile)(process.execPath, [COMPILE_SCRIPT], { cwd: apiDir, timeout: 120_000 });
    }
    const read = (name: ContractName) =>
      JSON.parse(readFileSync(path.join(ARTIFACTS_DIR, `${name}.json`), 'utf8')) as ContractArtifact;
    return { QMGT: read('QMGT'), TestUSDT: read('TestUSDT'), TestUSDAU: read('TestUSDAU') };
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
