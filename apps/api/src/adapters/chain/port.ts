import type { Address, Hex } from 'viem';

export type { Address, Hex };

/** The tokens the platform moves on chain (18 decimals each, like the ledger's units). */
export type ChainToken = 'USDT' | 'QMGT' | 'USDAU';

/** One ERC-20 `Transfer` log. (txHash, logIndex) identifies it: credit a deposit once per pair. */
export interface TokenTransfer {
  txHash: Hex;
  logIndex: number;
  blockNumber: bigint;
  blockHash: Hex;
  from: Address;
  to: Address;
  /** Smallest units (18 decimals). */
  amount: bigint;
}

/**
 * Where a sent transaction stands. `confirmations` counts the including block as the first
 * (0 while not mined); a transfer is final once it reaches the configured depth.
 */
export interface TxReceipt {
  status: 'pending' | 'success' | 'reverted';
  blockNumber: bigint | null;
  confirmations: bigint;
  /**
   * false: not mined and the node does not know the hash (never broadcast, dropped, replaced).
   * A load-balanced RPC may say so briefly right after a send. A resend takes a new nonce, so
   * send the movement again only once the original can no longer be mined.
   */
  known: boolean;
}

/** One ledger movement for `settleBatch`: `id` is the ledger's movement id as bytes32. */
export interface ChainMovement {
  id: Hex;
  account: Address;
  amount: bigint;
  mint: boolean;
}

/**
 * A treasury transaction signed but not yet broadcast: the settlement sender records it (hash,
 * nonce, raw bytes) before sending it, so after a crash the same bytes go out again and a
 * payment cannot be made twice (a nonce is used once).
 */
export interface SignedTx {
  hash: Hex;
  raw: Hex;
  nonce: number;
}

/** A token movement decoded from a transaction's logs (the local explorer page). */
export interface ExplorerTokenTransfer {
  token: ChainToken | null;
  contract: Address;
  logIndex: number;
  from: Address;
  to: Address;
  amount: bigint;
}

export interface ExplorerTx {
  hash: Hex;
  status: TxReceipt['status'];
  blockNumber: bigint | null;
  /** Seconds since the epoch of the including block. */
  timestamp: bigint | null;
  confirmations: bigint;
  from: Address;
  /** The called contract; null for a deployment. */
  to: Address | null;
  gasUsed: bigint | null;
  transfers: ExplorerTokenTransfer[];
}

/**
 * A send that did not certainly reach the node. `txHash` is the hash of the signed
 * transaction: the node may have it (a timeout after broadcast), so look it up with
 * `receipt()` before sending the movement again. Retrying is safe; nothing was mined by the
 * failure itself.
 */
export class ChainSendError extends Error {
  constructor(
    message: string,
    readonly txHash: Hex,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ChainSendError';
  }
}

/** A call the adapter refuses before touching the chain (bad amount, faucet outside the sandbox). */
export class ChainUsageError extends Error {
  override name = 'ChainUsageError';
}

/**
 * The chain port. Two adapters share one viem implementation: `anvil` (a local node the API
 * starts, with our QMGT and test-USDT contracts; see local-chain.ts) and `rpc` (BSC or any EVM
 * JSON-RPC with the real USDT; see rpc-chain.ts).
 *
 * Sends (`mintQmgt`, `burnQmgt`, `faucetUsdt`) are signed by the treasury with a fixed gas
 * limit and never simulated first: every platform transaction has the treasury's next nonce,
 * so the chain runs them in the order they were sent, the same order as the ledger (a burn
 * sent right after the mint that funds it succeeds even before the mint is mined). A movement
 * the contract refuses (a burn beyond the balance) is therefore mined and reported as
 * `receipt().status === 'reverted'`; a send only throws when the node did not take the
 * transaction (`ChainSendError`) or the call is invalid (`ChainUsageError`).
 */
export interface ChainPort {
  readonly kind: 'anvil' | 'rpc';
  readonly chainId: number;
  readonly usdt: Address;
  readonly qmgt: Address;
  /** The USDAU token customers' USDAU requests are paid in; null when none is configured. */
  readonly usdau: Address | null;
  /** The platform account (HD index 0): QMGT admin and minter, pays the gas. */
  readonly treasury: Address;
  /** Custodial address of a user: HD index userIndex + 1 of the platform mnemonic. No RPC. */
  depositAddress(userIndex: number): Address;
  latestBlock(): Promise<bigint>;
  /**
   * Every USDT `Transfer` log in [fromBlock, toBlock], in chain order: filtered by the token
   * contract and the event only, so the cost follows the blocks, not how many addresses the
   * platform has (the deposit watcher matches recipients in its own database).
   */
  usdtTransfers(fromBlock: bigint, toBlock: bigint): Promise<TokenTransfer[]>;
  /** Sends the transaction and returns its hash without waiting for it to be mined. */
  mintQmgt(to: Address, amount: bigint): Promise<Hex>;
  /** Burns from a custodial address (no allowance: the treasury is the minter). */
  burnQmgt(from: Address, amount: bigint): Promise<Hex>;
  /**
   * Applies ledger movements on chain in one transaction of the treasury (QMGT `settleBatch`):
   * each movement's `id` is applied at most once ever. Signed with `nonce` (the one sender
   * owns the treasury's nonce). Returns the hash without waiting; throws ChainSendError when
   * the node did not take it.
   */
  settleBatch(movements: readonly ChainMovement[], nonce: number): Promise<Hex>;
  /**
   * Signs a token transfer from the treasury with `nonce`, without sending it (see SignedTx).
   * Throws ChainUsageError when the token is not configured or the address or amount is bad.
   */
  signTransfer(token: 'USDAU', to: Address, amount: bigint, nonce: number): Promise<SignedTx>;
  /** Sends signed bytes; resolves when the node has them (also when it already had them). */
  broadcast(raw: Hex): Promise<void>;
  /** How many treasury transactions are mined: a signed one with a lower nonce that is not mined never will be. */
  minedNonce(): Promise<number>;
  /** The treasury's next nonce including transactions the node holds but has not mined. */
  pendingNonce(): Promise<number>;
  /** Which movement ids a mined settleBatch applied (or had applied before) and which it skipped as unaffordable. */
  settlementResults(hash: Hex): Promise<{ applied: Hex[]; refused: Hex[] }>;
  qmgtTotalSupply(): Promise<bigint>;
  /** Sandbox only: mints test USDT. Throws ChainUsageError on the `rpc` adapter. */
  faucetUsdt(to: Address, amount: bigint): Promise<Hex>;
  receipt(hash: Hex): Promise<TxReceipt>;
  balanceOf(token: ChainToken, owner: Address): Promise<bigint>;
  /** What the built-in explorer page shows; null when the node does not know the hash. */
  explorerTx(hash: Hex): Promise<ExplorerTx | null>;
  stop(): Promise<void>;
}
