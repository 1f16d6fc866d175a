import { createPublicClient, getAddress, http, isAddress, type Address, type Chain } from 'viem';
import { bsc, bscTestnet } from 'viem/chains';
import { createPlatformWallet } from './hd-wallet.js';
import type { ChainPort } from './port.js';
import { createViemChain, qmgtAbi } from './viem-chain.js';

/** Tether's USDT on BNB Smart Chain (BEP-20, 18 decimals). */
export const BSC_USDT_ADDRESS: Address = '0x55d398326f99059fF775485246999027B3197955';

export interface RpcChainOptions {
  /** CHAIN_RPC_URL */
  rpcUrl: string;
  /** CHAIN_ID: 56 (BSC) or 97 (BSC testnet); another id works as a generic EVM chain. */
  chainId: number;
  /** USDT_ADDRESS; defaults to Tether's contract on chain 56. */
  usdt?: Address | undefined;
  /** QMGT_ADDRESS: our token, deployed with the treasury as admin and minter. */
  qmgt: Address;
  /** USDAU_ADDRESS: the USDAU token USDAU requests are paid in from the treasury; unset, they cannot be paid. */
  usdau?: Address | undefined;
  /** WALLET_MNEMONIC */
  mnemonic: string;
  /** Most blocks per eth_getLogs call; public BSC endpoints allow a few thousand at most. */
  logBlockRange?: number | undefined;
  timeoutMs?: number | undefined;
}

const KNOWN_CHAINS: Record<number, Chain> = { [bsc.id]: bsc, [bscTestnet.id]: bscTestnet };

/**
 * The production adapter: the same viem code against any EVM JSON-RPC. Checks before
 * answering that the node is on the configured chain, that both tokens exist there and that
 * the treasury may mint QMGT, so a wrong setting stops the start instead of a first sale.
 */
export async function connectRpcChain(options: RpcChainOptions): Promise<ChainPort> {
  const usdt = options.usdt ?? (options.chainId === bsc.id ? BSC_USDT_ADDRESS : undefined);
  if (!usdt) throw new Error(`USDT_ADDRESS is required on chain ${options.chainId}`);
  const tokens: (readonly [string, Address])[] = [
    ['USDT_ADDRESS', usdt],
    ['QMGT_ADDRESS', options.qmgt],
    ...(options.usdau ? [['USDAU_ADDRESS', options.usdau] as const] : []),
  ];
  for (const [name, value] of tokens) {
    if (!isAddress(value, { strict: false })) throw new Error(`${name} is not an address: ${value}`);
  }
  const chain =
    KNOWN_CHAINS[options.chainId] ??
    ({
      id: options.chainId,
      name: `EVM chain ${options.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [options.rpcUrl] } },
    } satisfies Chain);
  const wallet = createPlatformWallet(options.mnemonic);
  const client = createPublicClient({
    chain,
    transport: http(options.rpcUrl, { timeout: options.timeoutMs ?? 15_000 }),
  });

  const answered = await client.getChainId();
  if (answered !== options.chainId)
    throw new Error(`CHAIN_RPC_URL serves chain ${answered}, CHAIN_ID says ${options.chainId}`);
  for (const [name, address] of tokens) {
    const code = await client.getCode({ address: getAddress(address) });
    if (!code || code === '0x') throw new Error(`${name} ${address} has no contract on chain ${options.chainId}`);
  }
  const minterRole = await client.readContract({
    address: getAddress(options.qmgt),
    abi: qmgtAbi,
    functionName: 'MINTER_ROLE',
  });
  const canMint = await client.readContract({
    address: getAddress(options.qmgt),
    abi: qmgtAbi,
    functionName: 'hasRole',
    args: [minterRole, wallet.treasury.address],
  });
  if (!canMint)
    throw new Error(
      `the treasury ${wallet.treasury.address} (HD index 0 of WALLET_MNEMONIC) lacks MINTER_ROLE on QMGT ${options.qmgt}`,
    );

  return createViemChain({
    kind: 'rpc',
    chain,
    rpcUrl: options.rpcUrl,
    usdt,
    qmgt: options.qmgt,
    usdau: options.usdau,
    wallet,
    faucet: false,
    logBlockRange: BigInt(options.logBlockRange ?? 2_000),
    timeoutMs: options.timeoutMs,
  });
}
