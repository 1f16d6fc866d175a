import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  concat,
  http,
  keccak256,
  parseEther,
  type Address,
} from 'viem';
import { anvil as anvilChain } from 'viem/chains';
import { AnvilStartError, resolveAnvilBinary, spawnAnvil, type AnvilProcess } from './anvil-process.js';
import { loadContractArtifacts } from './artifacts.js';
import { LOCAL_CHAIN_ID } from './explorer.js';
import { createPlatformWallet, resolveSandboxMnemonic, type PlatformWallet } from './hd-wallet.js';
import type { ChainPort } from './port.js';
import { createViemChain } from './viem-chain.js';

/** Pino's shape (Fastify's `app.log` fits). */
export interface ChainLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface LocalChainOptions {
  /** DATA_DIR: state.json, deployment.json, wallet.json (if generated) and node.lock/node.json live in DATA_DIR/chain. */
  dataDir: string;
  /** WALLET_MNEMONIC; generated once into DATA_DIR/chain/wallet.json when absent. */
  mnemonic?: string | undefined;
  /** Loopback port of the node; 0 or absent: any free port. */
  port?: number | undefined;
  /** ANVIL_PATH; else the binary of the installed @foundry-rs/anvil platform package. */
  anvilPath?: string | undefined;
  /**
   * anvil mines a block per transaction and none otherwise, so confirmations would never grow.
   * While the newest transaction has fewer than `finalityDepth` confirmations an empty block is
   * mined every `blockIntervalMs`: deposits and settlements reach finality as on a real chain,
   * and an idle chain does not grow. Pass the largest confirmation count the platform waits for
   * (DEPOSIT_CONFIRMATIONS). 0 turns it off (tests that mine with `mine()`).
   */
  finalityDepth?: number;
  blockIntervalMs?: number;
  /** How often anvil writes state.json besides on exit (a crash loses at most this much). */
  stateIntervalSeconds?: number;
  logger?: ChainLogger;
}

/** The embedded adapter, plus what only a local node offers. */
export interface LocalChain extends ChainPort {
  readonly kind: 'anvil';
  readonly rpcUrl: string;
  /** The anvil process id; the stop() of the chain that started the node ends it. */
  readonly pid: number;
  /** Mines empty blocks at once (tests, dev tools). */
  mine(blocks?: number): Promise<void>;
}

interface Deployment {
  /** keccak256 of the deployed contracts' bytecode: a change deploys them again. */
  codeVersion?: string;
  chainId: number;
  treasury: Address;
  usdt: Address;
  qmgt: Address;
  /** The test USDAU (absent in a deployment.json written before it existed: deployed again). */
  usdau?: Address;
  blockNumber: string;
  deployedAt: string;
}

const noLogger: ChainLogger = { info: () => {}, warn: () => {} };

/** Written by the process that runs the node, for the others that share DATA_DIR. */
interface NodeInfo {
  ownerPid: number;
  anvilPid: number;
  rpcUrl: string;
}

/**
 * Starts the sandbox chain: an anvil node (chain id 31337) whose state lives in
 * DATA_DIR/chain/state.json, with the QMGT and test-USDT contracts deployed on first start and
 * reused afterwards (deployed again if the saved addresses hold no code, e.g. state lost).
 *
 * One node per DATA_DIR: the first process takes DATA_DIR/chain/node.lock and runs anvil;
 * another process on the same DATA_DIR (a second API process, a test building a second app)
 * attaches to that node instead of starting a second anvil on the same state file. An attached
 * chain's stop() leaves the node running; it ends with its owner. A lock left by a dead owner
 * is taken over.
 */
export async function startLocalChain(options: LocalChainOptions): Promise<LocalChain> {
  const logger = options.logger ?? noLogger;
  const chainDir = path.join(options.dataDir, 'chain');
  mkdirSync(chainDir, { recursive: true, mode: 0o700 });
  const wallet = createPlatformWallet(resolveSandboxMnemonic({ dataDir: options.dataDir, mnemonic: options.mnemonic }));
  const lockFile = path.join(chainDir, 'node.lock');
  const nodeFile = path.join(chainDir, 'node.json');

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(lockFile, JSON.stringify({ pid: process.pid }), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = await readOwnerPid(lockFile);
      if (ownerPid === undefined || !processAlive(ownerPid)) {
        logger.warn({ ownerPid }, 'local chain: taking over the node lock of a process that is gone');
        rmSync(nodeFile, { force: true });
        rmSync(lockFile, { force: true });
        continue;
      }
      const info = await waitForNodeInfo(nodeFile, ownerPid);
      if (!info) continue; // the owner died while starting: take over
      return attachToNode({ info, chainDir, wallet, logger });
    }
    return runNode({ ...options, chainDir, wallet, logger, lockFile, nodeFile });
  }
  throw new Error(
    `could not take or attach to the local chain of ${chainDir}; remove ${lockFile} if no API process runs`,
  );
}

async function runNode(
  options: LocalChainOptions & {
    chainDir: string;
    wallet: PlatformWallet;
    logger: ChainLogger;
    lockFile: string;
    nodeFile: string;
  },
): Promise<LocalChain> {
  const { chainDir, wallet, logger } = options;
  const treasury = wallet.treasury.address;
  const releaseLock = () => {
    rmSync(options.nodeFile, { force: true });
    rmSync(options.lockFile, { force: true });
  };
  process.once('exit', releaseLock);
  const artifacts = loadContractArtifacts();
  artifacts.catch(() => undefined);

  let node: AnvilProcess | undefined;
  try {
    node = await startNode({ ...options, logger });
    const transport = http(node.rpcUrl, { timeout: 15_000 });
    const client = createPublicClient({ chain: anvilChain, transport, cacheTime: 0 });
    const testClient = createTestClient({ chain: anvilChain, transport, mode: 'anvil' });
    const chainId = await client.getChainId();
    if (chainId !== LOCAL_CHAIN_ID) throw new Error(`anvil answered chain id ${chainId}, expected ${LOCAL_CHAIN_ID}`);

    // anvil funds its own dev accounts; the treasury gets gas money by RPC instead of passing
    // the mnemonic on anvil's command line, where any local user could read it.
    for (const address of [treasury, wallet.faucet.address]) {
      if ((await client.getBalance({ address })) < parseEther('100'))
        await testClient.setBalance({ address, value: parseEther('10000') });
    }

    const deploymentFile = path.join(chainDir, 'deployment.json');
    let deployment = readDeployment(deploymentFile);
    const { QMGT, TestUSDT, TestUSDAU } = await artifacts;
    const codeVersion = keccak256(concat([QMGT.bytecode, TestUSDT.bytecode, TestUSDAU.bytecode]));
    if (deployment && deployment.codeVersion !== codeVersion) {
      // The contracts changed (QMGT gained settleBatch, test USDT a faucet owner): a sandbox
      // chain gets the new ones; the reconciliation job shows what the old ledger held.
      logger.warn(
        { saved: deployment.codeVersion, codeVersion },
        'local chain: the contracts changed; deploying again',
      );
      deployment = undefined;
    } else if (deployment && (deployment.chainId !== LOCAL_CHAIN_ID || deployment.treasury !== treasury)) {
      logger.warn(
        { saved: deployment.treasury, treasury },
        'local chain: the wallet changed since the contracts were deployed; deploying again',
      );
      deployment = undefined;
    } else if (deployment) {
      const codes = await Promise.all(
        [deployment.usdt, deployment.qmgt, deployment.usdau].map((address) =>
          address ? client.getCode({ address }) : undefined,
        ),
      );
      if (codes.some((code) => !code || code === '0x')) {
        logger.warn(
          { usdt: deployment.usdt, qmgt: deployment.qmgt },
          'local chain: the saved contracts have no code (state lost?); deploying again',
        );
        deployment = undefined;
      }
    }
    if (!deployment) {
      const signer = createWalletClient({ chain: anvilChain, transport, account: wallet.treasury });
      const deploy = async (artifact: typeof QMGT, owner: Address) => {
        const hash = await signer.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args: [owner] });
        const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
        if (receipt.status !== 'success' || !receipt.contractAddress)
          throw new Error(`deploying ${artifact.contractName} failed (${hash})`);
        return receipt;
      };
      // The faucet owns the test USDT: its sends never take a treasury nonce.
      const usdtReceipt = await deploy(TestUSDT, wallet.faucet.address);
      const qmgtReceipt = await deploy(QMGT, treasury);
      // The treasury owns the test USDAU and holds its float: USDAU requests are paid from it.
      const usdauReceipt = await deploy(TestUSDAU, treasury);
      deployment = {
        codeVersion,
        chainId: LOCAL_CHAIN_ID,
        treasury,
        usdt: getAddress(usdtReceipt.contractAddress!),
        qmgt: getAddress(qmgtReceipt.contractAddress!),
        usdau: getAddress(usdauReceipt.contractAddress!),
        blockNumber: usdauReceipt.blockNumber.toString(),
        deployedAt: new Date().toISOString(),
      };
      writeAtomically(deploymentFile, `${JSON.stringify(deployment, null, 2)}\n`);
      logger.info({ usdt: deployment.usdt, qmgt: deployment.qmgt }, 'local chain: contracts deployed');
    }

    const producer = startBlockProducer({
      client,
      mine: () => testClient.mine({ blocks: 1 }),
      depth: options.finalityDepth ?? 3,
      intervalMs: options.blockIntervalMs ?? 1000,
      logger,
    });
    const running = node;
    const port = createViemChain({
      kind: 'anvil',
      chain: anvilChain,
      rpcUrl: running.rpcUrl,
      usdt: deployment.usdt,
      qmgt: deployment.qmgt,
      usdau: deployment.usdau,
      wallet,
      faucet: true,
      logBlockRange: 10_000n,
      onStop: async () => {
        await producer.stop();
        await running.stop();
        releaseLock();
        process.removeListener('exit', releaseLock);
      },
    });
    const info: NodeInfo = { ownerPid: process.pid, anvilPid: running.pid, rpcUrl: running.rpcUrl };
    writeAtomically(options.nodeFile, `${JSON.stringify(info)}\n`);
    logger.info(
      { rpcUrl: running.rpcUrl, pid: running.pid, treasury, usdt: deployment.usdt, qmgt: deployment.qmgt },
      'local chain: anvil is up',
    );
    return withLocalTools(port, info, testClient);
  } catch (error) {
    await node?.stop();
    releaseLock();
    process.removeListener('exit', releaseLock);
    throw error;
  }
}

/** The node another process runs for this DATA_DIR: same wallet, same contracts, its blocks. */
async function attachToNode(options: {
  info: NodeInfo;
  chainDir: string;
  wallet: PlatformWallet;
  logger: ChainLogger;
}): Promise<LocalChain> {
  const { info, wallet } = options;
  const transport = http(info.rpcUrl, { timeout: 15_000 });
  const client = createPublicClient({ chain: anvilChain, transport, cacheTime: 0 });
  const chainId = await client.getChainId();
  if (chainId !== LOCAL_CHAIN_ID) throw new Error(`the local chain at ${info.rpcUrl} answered chain id ${chainId}`);
  const deployment = readDeployment(path.join(options.chainDir, 'deployment.json'));
  if (!deployment) throw new Error(`the local chain at ${info.rpcUrl} has no deployment.json in ${options.chainDir}`);
  if (deployment.treasury !== wallet.treasury.address) {
    throw new Error(
      `the local chain of ${options.chainDir} runs with another wallet (treasury ${deployment.treasury}); use the same WALLET_MNEMONIC`,
    );
  }
  const port = createViemChain({
    kind: 'anvil',
    chain: anvilChain,
    rpcUrl: info.rpcUrl,
    usdt: deployment.usdt,
    qmgt: deployment.qmgt,
    usdau: deployment.usdau,
    wallet,
    faucet: true,
    logBlockRange: 10_000n,
  });
  options.logger.info(
    { rpcUrl: info.rpcUrl, ownerPid: info.ownerPid },
    'local chain: attached to the node another process runs for this DATA_DIR',
  );
  return withLocalTools(port, info, createTestClient({ chain: anvilChain, transport, mode: 'anvil' }));
}

function withLocalTools(
  port: ChainPort,
  info: NodeInfo,
  testClient: { mine(args: { blocks: number }): Promise<unknown> },
): LocalChain {
  return {
    ...port,
    kind: 'anvil',
    rpcUrl: info.rpcUrl,
    pid: info.anvilPid,
    async mine(blocks = 1) {
      if (!Number.isSafeInteger(blocks) || blocks < 1)
        throw new RangeError(`blocks must be a positive integer, got ${blocks}`);
      await testClient.mine({ blocks });
    },
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwnerPid(lockFile: string): Promise<number | undefined> {
  // The owner writes the lock in one call; a read may still catch it empty once.
  for (let i = 0; i < 3; i++) {
    try {
      const { pid } = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid?: unknown };
      if (typeof pid === 'number') return pid;
    } catch {
      if (!existsSync(lockFile)) return undefined;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}

/** node.json of `ownerPid` once its node is up; undefined if the owner dies first. */
async function waitForNodeInfo(nodeFile: string, ownerPid: number, timeoutMs = 60_000): Promise<NodeInfo | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const info = JSON.parse(readFileSync(nodeFile, 'utf8')) as NodeInfo;
      if (info.ownerPid === ownerPid) return info;
    } catch {
      // not written yet
    }
    if (!processAlive(ownerPid)) return undefined;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`process ${ownerPid} holds the local chain lock but its node did not come up within ${timeoutMs} ms`);
}

/** What keeps anvil from storing every past state (exported for its test). */
export const ANVIL_PRUNE_HISTORY = ['--prune-history', '64'] as const;

async function startNode(
  options: LocalChainOptions & { chainDir: string; logger: ChainLogger },
): Promise<AnvilProcess> {
  const binary = resolveAnvilBinary(options.anvilPath);
  const stateFile = path.join(options.chainDir, 'state.json');
  const args = [
    '--chain-id',
    String(LOCAL_CHAIN_ID),
    // No dev accounts: the treasury is funded by RPC (see runNode).
    '--accounts',
    '0',
    '--state',
    stateFile,
    '--state-interval',
    String(options.stateIntervalSeconds ?? 2),
    // No CORS: a web page open in the developer's browser cannot call the node (anvil refuses the
    // text/plain requests a browser sends without a preflight).
    '--no-cors',
    // Past states are never read (the product asks for the latest state and for logs), and
    // anvil writes each one it keeps to ~/.foundry/anvil/tmp, outside DATA_DIR and never
    // removed: 70 GB after about 600,000 settlements filled the disk in a bench:scale seed.
    // A few in memory, none on disk.
    ...ANVIL_PRUNE_HISTORY,
  ];
  const start = () => spawnAnvil({ binary, args, port: options.port ?? 0 });
  try {
    return await start();
  } catch (error) {
    // A state file cut short (anvil killed while writing it) stops anvil at once: keep it for
    // inspection and start from an empty chain (the contracts are then deployed again).
    if (
      !(error instanceof AnvilStartError) ||
      error.exitCode === null ||
      !/state/i.test(error.stderr) ||
      !existsSync(stateFile)
    )
      throw error;
    const kept = `${stateFile}.unreadable-${Date.now()}`;
    renameSync(stateFile, kept);
    options.logger.warn(
      { kept, reason: error.stderr.split('\n')[0] },
      'local chain: state file unreadable; starting an empty chain',
    );
    return start();
  }
}

function readDeployment(file: string): Deployment | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Deployment;
    return {
      ...saved,
      treasury: getAddress(saved.treasury),
      usdt: getAddress(saved.usdt),
      qmgt: getAddress(saved.qmgt),
      ...(saved.usdau ? { usdau: getAddress(saved.usdau) } : {}),
    };
  } catch {
    return undefined;
  }
}

function writeAtomically(file: string, content: string) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, file);
}

/**
 * Mines an empty block every `intervalMs` while the newest block holding a transaction has
 * fewer than `depth` confirmations (see LocalChainOptions.finalityDepth).
 */
function startBlockProducer(options: {
  client: {
    getBlockNumber(args: { cacheTime: number }): Promise<bigint>;
    getBlockTransactionCount(args: { blockNumber: bigint }): Promise<number>;
  };
  mine: () => Promise<unknown>;
  depth: number;
  intervalMs: number;
  logger: ChainLogger;
}) {
  const depth = BigInt(Math.max(0, Math.floor(options.depth)));
  let stopped = depth === 0n;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let scannedUpTo: bigint | undefined;
  let newestTxBlock: bigint | undefined;
  let failing = false;

  const tick = async () => {
    try {
      const tip = await options.client.getBlockNumber({ cacheTime: 0 });
      // Newest first, down to what the previous pass saw (on the first pass: `depth` back).
      const floor = scannedUpTo !== undefined ? scannedUpTo + 1n : tip >= depth ? tip - depth : 0n;
      for (let n = tip; n >= floor && !stopped; n--) {
        if ((await options.client.getBlockTransactionCount({ blockNumber: n })) > 0) {
          if (newestTxBlock === undefined || n > newestTxBlock) newestTxBlock = n;
          break;
        }
      }
      scannedUpTo = tip;
      if (!stopped && newestTxBlock !== undefined && tip - newestTxBlock + 1n < depth) await options.mine();
      failing = false;
    } catch (error) {
      if (!failing && !stopped) options.logger.warn({ err: error }, 'local chain: could not advance blocks');
      failing = true;
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().then(schedule);
    }, options.intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
