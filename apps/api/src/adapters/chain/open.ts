import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { ChainPort } from './port.js';
import { startLocalChain } from './local-chain.js';
import { connectRpcChain } from './rpc-chain.js';

/** The embedded anvil node, or the configured JSON-RPC chain (BSC). */
export async function openChain(config: Config, log: FastifyBaseLogger): Promise<ChainPort> {
  if (config.chain.rpc) {
    if (!config.chain.mnemonic) throw new Error('WALLET_MNEMONIC is required with CHAIN_RPC_URL');
    return connectRpcChain({
      rpcUrl: config.chain.rpc.url,
      chainId: config.chain.rpc.chainId,
      usdt: config.chain.rpc.usdt as `0x${string}` | undefined,
      qmgt: config.chain.rpc.qmgt as `0x${string}`,
      usdau: config.chain.rpc.usdau as `0x${string}` | undefined,
      mnemonic: config.chain.mnemonic,
    });
  }
  return startLocalChain({
    dataDir: config.dataDir,
    mnemonic: config.chain.mnemonic,
    anvilPath: config.chain.anvilPath,
    finalityDepth: config.chain.confirmations,
    logger: log,
  });
}
