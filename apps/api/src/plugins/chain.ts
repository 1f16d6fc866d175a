import fp from 'fastify-plugin';
import { openChain, type ChainPort } from '../adapters/chain/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chain (embedded anvil or JSON-RPC), or none when the chain is switched off. */
    chain: ChainPort | undefined;
  }
}

export default fp(
  async (app) => {
    const chain = app.config.chain.enabled ? await openChain(app.config, app.log) : undefined;
    app.decorate('chain', chain);
    if (chain) app.addHook('onClose', () => chain.stop());
  },
  { name: 'chain' },
);
