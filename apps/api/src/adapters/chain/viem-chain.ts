import {
  BaseError,
  HttpRequestError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  isAddress,
  keccak256,
  maxUint256,
  parseAbi,
  parseAbiItem,
  parseEventLogs,
  type Address,
  type Chain,
  type Hex,
} from 'viem';
import type { PlatformWallet } from './hd-wallet.js';
import {
  ChainSendError,
  ChainUsageError,
  type ChainPort,
  type ChainToken,
  type ExplorerTx,
  type TokenTransfer,
  type TxReceipt,
} from './port.js';

/** The functions of our two contracts that the platform calls (contracts/*.sol). */
export const qmgtAbi = parseAbi([
  'function mint(address to, uint256 amount)',
  'function burnFrom(address account, uint256 amount)',
  'function MINTER_ROLE() view returns (bytes32)',
  'function hasRole(bytes32 role, address account) view returns (bool)',
  'function settleBatch(bytes32[] ids, address[] accounts, uint256[] amounts, bool[] mints)',
  'function totalSupply() view returns (uint256)',
  'event Settled(bytes32 indexed id)',
  'event Skipped(bytes32 indexed id, uint8 reason)',
]);
export const testUsdtAbi = parseAbi([
  'function mint(address to, uint256 amount)',
  'function owner() view returns (address)',
]);
const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/**
 * Gas limit of every platform send. Fixed rather than estimated: an estimate runs against the
 * latest block, so a burn sent right after the (not yet mined) mint that funds it would be
 * refused; a fixed limit lets the nonce order decide. A mint to a fresh address uses ~70k.
 */
export const SEND_GAS_LIMIT = 150_000n;
/** Gas of a settleBatch: a base plus a mint into a fresh address with its settled-id record, per movement. */
export const settleGasLimit = (movements: number) => 80_000n + 110_000n * BigInt(movements);

export interface ViemChainOptions {
  kind: ChainPort['kind'];
  chain: Chain;
  rpcUrl: string;
  usdt: Address;
  qmgt: Address;
  /** The USDAU token (the local test token, or USDAU_ADDRESS); undefined: USDAU requests cannot be paid. */
  usdau?: Address | undefined;
  wallet: PlatformWallet;
  /** Whether faucetUsdt may mint (the treasury owns the test USDT). */
  faucet: boolean;
  /** Most blocks per eth_getLogs call (public BSC endpoints refuse wide ranges). */
  logBlockRange?: bigint;
  timeoutMs?: number;
  onStop?: () => Promise<void>;
}

/** The viem implementation behind both adapters; only where the node comes from differs. */
export function createViemChain(options: ViemChainOptions): ChainPort {
  const { chain, wallet } = options;
  const treasury = wallet.treasury;
  const transport = http(options.rpcUrl, { timeout: options.timeoutMs ?? 15_000 });
  // cacheTime 0: confirmations and the watcher's range need the real tip, not a 4 s old one.
  const client = createPublicClient({ chain, transport, cacheTime: 0 });
  // Log queries are not retried by viem: a range the node refuses as too wide is halved at once
  // instead of being asked again with backoff, and any other failure ends the deposit watcher's
  // pass, whose next pass asks again.
  const logClient = createPublicClient({
    chain,
    transport: http(options.rpcUrl, { timeout: options.timeoutMs ?? 15_000, retryCount: 0 }),
    cacheTime: 0,
  });
  const signer = createWalletClient({ chain, transport, account: treasury, cacheTime: 0 });
  const faucetSigner = createWalletClient({ chain, transport, account: wallet.faucet, cacheTime: 0 });
  const usdt = getAddress(options.usdt);
  const qmgt = getAddress(options.qmgt);
  const usdau = options.usdau ? getAddress(options.usdau) : null;
  const logBlockRange = options.logBlockRange ?? 2_000n;

  // One send at a time, each with the next nonce of the treasury, tracked here so that a send
  // does not depend on the node already listing the previous one as pending.
  let queue: Promise<unknown> = Promise.resolve();
  let nextNonce: number | undefined;
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  let faucetChain: Promise<unknown> = Promise.resolve();
  const faucetQueue = <T>(work: () => Promise<T>): Promise<T> => {
    const run = faucetChain.then(work, work);
    faucetChain = run.catch(() => undefined);
    return run;
  };

  function send(label: string, to: Address, data: Hex, gas = SEND_GAS_LIMIT, fixedNonce?: number): Promise<Hex> {
    return exclusive(async () => {
      let serialized: Hex;
      let nonce: number;
      try {
        nonce =
          fixedNonce ??
          nextNonce ??
          (await client.getTransactionCount({ address: treasury.address, blockTag: 'pending' }));
        const request = await signer.prepareTransactionRequest({
          account: treasury,
          chain,
          to,
          data,
          gas,
          nonce,
          parameters: ['fees', 'type', 'chainId'],
        });
        serialized = await signer.signTransaction(request);
      } catch (error) {
        nextNonce = undefined;
        throw error;
      }
      const hash = keccak256(serialized);
      try {
        await client.sendRawTransaction({ serializedTransaction: serialized });
      } catch (cause) {
        // A timeout or a retried request ("already known", "nonce too low" once it was mined)
        // can hide a transaction the node did take: ask for it before calling the send failed.
        if (!(await nodeHas(hash))) {
          nextNonce = undefined;
          throw new ChainSendError(`${label}: the node did not take the transaction (${shortMessage(cause)})`, hash, {
            cause,
          });
        }
      }
      nextNonce = nonce + 1;
      return hash;
    });
  }

  async function nodeHas(hash: Hex): Promise<boolean> {
    try {
      await client.getTransaction({ hash });
      return true;
    } catch {
      return false;
    }
  }

  const checkedAddress = (value: Address, what: string): Address => {
    if (!isAddress(value, { strict: false })) throw new ChainUsageError(`${what} is not an address: ${String(value)}`);
    return getAddress(value);
  };
  const checkedAmount = (amount: bigint): bigint => {
    if (typeof amount !== 'bigint' || amount <= 0n || amount > maxUint256)
      throw new ChainUsageError(`amount must be a positive integer of smallest units, got ${String(amount)}`);
    return amount;
  };
  const tokenAddress = (token: ChainToken): Address => {
    if (token === 'USDT') return usdt;
    if (token === 'QMGT') return qmgt;
    if (!usdau) throw new ChainUsageError('no USDAU token is configured (USDAU_ADDRESS)');
    return usdau;
  };
  const tokenOf = (contract: Address): ChainToken | null =>
    contract === usdt ? 'USDT' : contract === qmgt ? 'QMGT' : contract === usdau ? 'USDAU' : null;
  const latestBlock = () => client.getBlockNumber({ cacheTime: 0 });

  async function receipt(hash: Hex): Promise<TxReceipt> {
    try {
      const found = await client.getTransactionReceipt({ hash });
      const tip = await latestBlock();
      const confirmations = tip >= found.blockNumber ? tip - found.blockNumber + 1n : 0n;
      return {
        status: found.status === 'success' ? 'success' : 'reverted',
        blockNumber: found.blockNumber,
        confirmations,
        known: true,
      };
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
    }
    try {
      await client.getTransaction({ hash });
      return { status: 'pending', blockNumber: null, confirmations: 0n, known: true };
    } catch (error) {
      if (error instanceof TransactionNotFoundError)
        return { status: 'pending', blockNumber: null, confirmations: 0n, known: false };
      throw error;
    }
  }

  /**
   * The USDT Transfer logs of one range. A busy token (USDT on BSC has dozens of transfers a
   * block) can pass what a node returns for one query: a range the node refuses as too wide
   * is halved until it answers, down to a single block.
   */
  async function usdtTransfersIn(fromBlock: bigint, toBlock: bigint): Promise<TokenTransfer[]> {
    let logs;
    try {
      logs = await logClient.getLogs({ address: usdt, event: transferEvent, fromBlock, toBlock, strict: true });
    } catch (error) {
      if (fromBlock === toBlock || !refusedAsTooWide(error)) throw error;
      const middle = fromBlock + (toBlock - fromBlock) / 2n;
      return [...(await usdtTransfersIn(fromBlock, middle)), ...(await usdtTransfersIn(middle + 1n, toBlock))];
    }
    return logs
      .filter((log) => !log.removed)
      .map((log) => ({
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber: log.blockNumber,
        blockHash: log.blockHash,
        from: getAddress(log.args.from),
        to: getAddress(log.args.to),
        amount: log.args.value,
      }));
  }

  let stopped: Promise<void> | undefined;
  return {
    kind: options.kind,
    chainId: chain.id,
    usdt,
    qmgt,
    usdau,
    treasury: treasury.address,
    depositAddress: (userIndex) => wallet.depositAddress(userIndex),
    latestBlock,

    async usdtTransfers(fromBlock, toBlock) {
      if (fromBlock > toBlock) return [];
      if (fromBlock < 0n) throw new ChainUsageError('fromBlock must not be negative');
      const transfers: TokenTransfer[] = [];
      for (let start = fromBlock; start <= toBlock; start += logBlockRange) {
        const end = start + logBlockRange - 1n < toBlock ? start + logBlockRange - 1n : toBlock;
        transfers.push(...(await usdtTransfersIn(start, end)));
      }
      return transfers.sort((a, b) =>
        a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
      );
    },

    async mintQmgt(to, amount) {
      const data = encodeFunctionData({
        abi: qmgtAbi,
        functionName: 'mint',
        args: [checkedAddress(to, 'mint recipient'), checkedAmount(amount)],
      });
      return send('mint QMGT', qmgt, data);
    },

    async burnQmgt(from, amount) {
      const data = encodeFunctionData({
        abi: qmgtAbi,
        functionName: 'burnFrom',
        args: [checkedAddress(from, 'burn account'), checkedAmount(amount)],
      });
      return send('burn QMGT', qmgt, data);
    },

    async faucetUsdt(to, amount) {
      if (!options.faucet) throw new ChainUsageError('the USDT faucet exists only on the local sandbox chain');
      // The faucet's own account and the node's nonce count: several API processes may use it at once.
      return faucetQueue(() =>
        faucetSigner.writeContract({
          address: usdt,
          abi: testUsdtAbi,
          functionName: 'mint',
          args: [checkedAddress(to, 'faucet recipient'), checkedAmount(amount)],
          gas: SEND_GAS_LIMIT,
        }),
      );
    },

    async settleBatch(movements, nonce) {
      if (movements.length === 0) throw new ChainUsageError('a settlement batch needs at least one movement');
      const data = encodeFunctionData({
        abi: qmgtAbi,
        functionName: 'settleBatch',
        args: [
          movements.map((m) => m.id),
          movements.map((m) => checkedAddress(m.account, 'settlement account')),
          movements.map((m) => checkedAmount(m.amount)),
          movements.map((m) => m.mint),
        ],
      });
      return send(`settle ${movements.length} movements`, qmgt, data, settleGasLimit(movements.length), nonce);
    },

    pendingNonce: () => client.getTransactionCount({ address: treasury.address, blockTag: 'pending' }),

    async settlementResults(hash) {
      const mined = await client.getTransactionReceipt({ hash });
      const applied: Hex[] = [];
      const refused: Hex[] = [];
      for (const log of parseEventLogs({ abi: qmgtAbi, logs: mined.logs })) {
        if (getAddress(log.address) !== qmgt) continue;
        if (log.eventName === 'Settled') applied.push(log.args.id);
        else if (log.eventName === 'Skipped') (log.args.reason === 1 ? applied : refused).push(log.args.id);
      }
      return { applied, refused };
    },

    async signTransfer(token, to, amount, nonce) {
      const request = await signer.prepareTransactionRequest({
        account: treasury,
        chain,
        to: tokenAddress(token),
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [checkedAddress(to, 'recipient'), checkedAmount(amount)],
        }),
        gas: SEND_GAS_LIMIT,
        nonce,
        parameters: ['fees', 'type', 'chainId'],
      });
      const raw = await signer.signTransaction(request);
      return { hash: keccak256(raw), raw, nonce };
    },

    async broadcast(raw) {
      const hash = keccak256(raw);
      try {
        await client.sendRawTransaction({ serializedTransaction: raw });
      } catch (cause) {
        // "already known" or a timeout after the node took it: what counts is whether it has it.
        if (!(await nodeHas(hash)))
          throw new ChainSendError(`broadcast: the node did not take the transaction (${shortMessage(cause)})`, hash, {
            cause,
          });
      }
    },

    minedNonce: () => client.getTransactionCount({ address: treasury.address, blockTag: 'latest' }),

    qmgtTotalSupply: () => client.readContract({ address: qmgt, abi: qmgtAbi, functionName: 'totalSupply' }),

    receipt,

    async balanceOf(token, owner) {
      return client.readContract({
        address: tokenAddress(token),
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [checkedAddress(owner, 'owner')],
      });
    },

    async explorerTx(hash) {
      let tx;
      try {
        tx = await client.getTransaction({ hash });
      } catch (error) {
        if (error instanceof TransactionNotFoundError) return null;
        throw error;
      }
      const state = await receipt(hash);
      let gasUsed: bigint | null = null;
      let timestamp: bigint | null = null;
      let transfers: ExplorerTx['transfers'] = [];
      if (state.blockNumber !== null) {
        const [mined, block] = await Promise.all([
          client.getTransactionReceipt({ hash }),
          client.getBlock({ blockNumber: state.blockNumber }),
        ]);
        gasUsed = mined.gasUsed;
        timestamp = block.timestamp;
        transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: mined.logs }).map((log) => {
          const contract = getAddress(log.address);
          return {
            token: tokenOf(contract),
            contract,
            logIndex: log.logIndex,
            from: getAddress(log.args.from),
            to: getAddress(log.args.to),
            amount: log.args.value,
          };
        });
      }
      return {
        hash: tx.hash,
        status: state.status,
        blockNumber: state.blockNumber,
        timestamp,
        confirmations: state.confirmations,
        from: getAddress(tx.from),
        to: tx.to ? getAddress(tx.to) : null,
        gasUsed,
        transfers,
      };
    },

    stop() {
      stopped ??= (async () => {
        // Sends already queued finish (or fail) before the node goes away.
        await queue;
        await options.onStop?.();
      })();
      return stopped;
    },
  };
}

/**
 * Whether a node refused a log query for its size (too many blocks or results), in the words
 * nodes and public endpoints use: "query returned more than 10000 results" (geth, Infura,
 * -32005), "Log response size exceeded" (Alchemy), "exceed maximum block range: 5000" (BSC),
 * "block range is too wide" (Ankr), "limited to a 10,000 range" (QuickNode). Not a rate limit
 * (HTTP 429, "too many requests"): a narrower range would only ask more often.
 */
const TOO_WIDE =
  /more than \d+ results|response size|block range|range is too|limited to .*range|exceeds? (max|maximum)/i;
function refusedAsTooWide(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  if (error.walk((e) => e instanceof HttpRequestError && e.status === 429)) return false;
  return Boolean(error.walk((e) => e instanceof BaseError && TOO_WIDE.test(e.details ?? '')));
}

function shortMessage(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string };
  return e.shortMessage ?? e.message ?? String(error);
}
