export * from './port.js';
export { explorerTxUrl, LOCAL_CHAIN_ID } from './explorer.js';
export { startLocalChain, type LocalChain, type LocalChainOptions, type ChainLogger } from './local-chain.js';
export { connectRpcChain, BSC_USDT_ADDRESS, type RpcChainOptions } from './rpc-chain.js';
export {
  createPlatformWallet,
  resolveSandboxMnemonic,
  assertValidMnemonic,
  MAX_USER_INDEX,
  type PlatformWallet,
} from './hd-wallet.js';
export { openChain } from './open.js';
