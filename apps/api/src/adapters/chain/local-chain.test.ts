import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublicClient,
  createTestClient,
  erc20Abi,
  http,
  parseAbi,
  parseUnits,
  zeroHash,
  type Address,
  type Hex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { anvil as anvilChain } from 'viem/chains';
import { loadContractArtifacts } from './artifacts.js';
import { resolveAnvilBinary } from './anvil-process.js';
import { ANVIL_PRUNE_HISTORY, startLocalChain, type LocalChain } from './local-chain.js';
import { ChainSendError, ChainUsageError, type ChainPort } from './port.js';
import { connectRpcChain } from './rpc-chain.js';
import { qmgtAbi, SEND_GAS_LIMIT } from './viem-chain.js';

const USDT = (amount: string) => parseUnits(amount, 18);

async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Mined (automine: at once) and its receipt returned. */
async function mined(chain: ChainPort, hash: Hex) {
  return waitFor(async () => {
    const receipt = await chain.receipt(hash);
    return receipt.status !== 'pending' && receipt;
  });
}

/** Alive and not a zombie: a process whose parent died may wait a moment to be reaped. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return process.platform !== 'linux';
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qmgt-chain-'));
const chainDir = path.join(dataDir, 'chain');
let chain: LocalChain;
let mnemonic: string;
let reader: ReturnType<typeof createPublicClient>;
let node: ReturnType<typeof createTestClient>;
const pids: number[] = [];

beforeAll(async () => {
  // No automatic blocks: the tests mine them, so every confirmation count is exact.
  chain = await startLocalChain({ dataDir, finalityDepth: 0 });
  pids.push(chain.pid);
  mnemonic = (JSON.parse(readFileSync(path.join(chainDir, 'wallet.json'), 'utf8')) as { mnemonic: string }).mnemonic;
  reader = createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) });
  node = createTestClient({ chain: anvilChain, transport: http(chain.rpcUrl), mode: 'anvil' });
});

afterAll(async () => {
  await chain?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  // Every node this file started is gone once its chain stopped.
  expect(pids.filter(running)).toEqual([]);
});

describe('local chain: contracts and wallet', () => {
  it('deploys the two tokens on first start, with the treasury as QMGT admin and minter and USDT owner', async () => {
    const read = (address: Address, functionName: 'name' | 'symbol' | 'decimals') =>
      reader.readContract({ address, abi: erc20Abi, functionName });
    expect([
      await read(chain.qmgt, 'name'),
      await read(chain.qmgt, 'symbol'),
      await read(chain.qmgt, 'decimals'),
    ]).toEqual(['QMGT Gold Token', 'QMGT', 18]);
    expect([
      await read(chain.usdt, 'name'),
      await read(chain.usdt, 'symbol'),
      await read(chain.usdt, 'decimals'),
    ]).toEqual(['Test Tether USD', 'USDT', 18]);
    const minter = await reader.readContract({ address: chain.qmgt, abi: qmgtAbi, functionName: 'MINTER_ROLE' });
    expect(
      await reader.readContract({
        address: chain.qmgt,
        abi: qmgtAbi,
        functionName: 'hasRole',
        args: [minter, chain.treasury],
      }),
    ).toBe(true);
    expect(
      await reader.readContract({
        address: chain.qmgt,
        abi: qmgtAbi,
        functionName: 'hasRole',
        args: [zeroHash, chain.treasury],
      }),
    ).toBe(true);
    expect(
      await reader.readContract({
        address: chain.usdt,
        abi: parseAbi(['function owner() view returns (address)']),
        functionName: 'owner',
      }),
      // The faucet has its own account, so its sends never take the settlement sender's treasury nonce.
    ).toBe(mnemonicToAccount(mnemonic, { path: "m/44'/60'/1'/0/0" }).address);
    expect(chain.chainId).toBe(31337);
    expect(chain.kind).toBe('anvil');

    const deployment = JSON.parse(readFileSync(path.join(chainDir, 'deployment.json'), 'utf8'));
    expect(deployment).toMatchObject({ chainId: 31337, treasury: chain.treasury, usdt: chain.usdt, qmgt: chain.qmgt });
    expect(statSync(path.join(chainDir, 'wallet.json')).mode & 0o777).toBe(0o600);
  });

  it('calls the contracts with the functions and events the compiled ABI really has', async () => {
    const { QMGT } = await loadContractArtifacts();
    for (const fn of qmgtAbi) {
      const compiled = QMGT.abi.find((item) => item.type === fn.type && 'name' in item && item.name === fn.name);
      expect(compiled, fn.name).toBeDefined();
      expect((compiled as unknown as { inputs: { type: string }[] }).inputs.map((i) => i.type)).toEqual(
        fn.inputs.map((i) => i.type),
      );
    }
  });

  it('settleBatch applies each movement id once: a resent batch changes nothing, a burn beyond the balance is refused alone', async () => {
    const holder = chain.depositAddress(4242);
    const id = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const;
    const batch = [
      { id: id(1), account: holder, amount: 5n, mint: true },
      { id: id(2), account: holder, amount: 2n, mint: false },
      { id: id(3), account: holder, amount: 100n, mint: false },
    ];
    const first = await chain.settleBatch(batch, await chain.pendingNonce());
    // settleBatch answers once the node took the transaction; its receipt may come a moment later.
    expect((await mined(chain, first)).status).toBe('success');
    expect(await chain.settlementResults(first)).toEqual({ applied: [id(1), id(2)], refused: [id(3)] });
    expect(await chain.balanceOf('QMGT', holder)).toBe(3n);
    // The same movements again (as after a crash that lost the first hash): nothing moves twice.
    const again = await chain.settleBatch(batch.slice(0, 2), await chain.pendingNonce());
    expect((await mined(chain, again)).status).toBe('success');
    expect(await chain.settlementResults(again)).toEqual({ applied: [id(1), id(2)], refused: [] });
    expect(await chain.balanceOf('QMGT', holder)).toBe(3n);
    expect(await chain.qmgtTotalSupply()).toBeGreaterThanOrEqual(3n);
  });

  it('gives every user a distinct deposit address: HD index userIndex + 1 of the stored mnemonic', () => {
    expect(chain.treasury).toBe(mnemonicToAccount(mnemonic, { addressIndex: 0 }).address);
    expect(chain.depositAddress(0)).toBe(mnemonicToAccount(mnemonic, { addressIndex: 1 }).address);
    expect(chain.depositAddress(12)).toBe(mnemonicToAccount(mnemonic, { addressIndex: 13 }).address);
    const addresses = new Set(Array.from({ length: 50 }, (_, i) => chain.depositAddress(i)));
    expect(addresses.size).toBe(50);
    expect(addresses.has(chain.treasury)).toBe(false);
  });
});

describe('local chain: the node', () => {
  it.runIf(process.platform === 'linux')(
    'keeps no history of past states, so nothing grows on disk outside the data dir as blocks are mined',
    () => {
      const args = readFileSync(`/proc/${chain.pid}/cmdline`, 'utf8').split('\0');
      const at = args.indexOf(ANVIL_PRUNE_HISTORY[0]);
      expect(at).toBeGreaterThan(0);
      expect(args[at + 1]).toBe(ANVIL_PRUNE_HISTORY[1]);
    },
  );
});

describe('local chain: tokens', () => {
  it('faucet mints test USDT that balanceOf sees', async () => {
    const alice = chain.depositAddress(0);
    const before = await chain.balanceOf('USDT', alice);
    const receipt = await mined(chain, await chain.faucetUsdt(alice, USDT('250.5')));
    expect(receipt).toMatchObject({ status: 'success', confirmations: 1n, known: true });
    expect(await chain.balanceOf('USDT', alice)).toBe(before + USDT('250.5'));
    expect(await chain.balanceOf('QMGT', alice)).toBe(0n);
  });

  it('usdtTransfers finds every USDT transfer of a block range, in chain order with its log index', async () => {
    const [alice, bob, carol] = [chain.depositAddress(1), chain.depositAddress(2), chain.depositAddress(3)];
    const from = (await chain.latestBlock()) + 1n;
    const early = await chain.faucetUsdt(alice, USDT('1'));
    await mined(chain, early);
    // Three transfers in one block: log indexes 0, 1, 2.
    await node.setAutomine(false);
    const batch = [
      await chain.faucetUsdt(bob, USDT('2')),
      await chain.faucetUsdt(carol, USDT('3')),
      await chain.faucetUsdt(alice, USDT('4')),
    ];
    await node.mine({ blocks: 1 });
    await node.setAutomine(true);
    const receipts = await Promise.all(batch.map((hash) => mined(chain, hash)));
    const blockNumber = receipts[0]!.blockNumber!;
    expect(receipts.map((r) => r.blockNumber)).toEqual([blockNumber, blockNumber, blockNumber]);
    const after = await chain.faucetUsdt(bob, USDT('5'));
    const afterReceipt = await mined(chain, after);

    // No address filter: every recipient of the range, whoever it is.
    const found = await chain.usdtTransfers(from, blockNumber);
    expect(found.map((t) => [t.txHash, t.logIndex, t.to, t.amount])).toEqual([
      [early, 0, alice, USDT('1')],
      [batch[0], 0, bob, USDT('2')],
      [batch[1], 1, carol, USDT('3')],
      [batch[2], 2, alice, USDT('4')],
    ]);
    expect(
      found.every((t) => t.from === '0x0000000000000000000000000000000000000000' && t.blockHash.length === 66),
    ).toBe(true);
    // The range is inclusive at both ends and nothing outside it is returned.
    expect(
      (await chain.usdtTransfers(afterReceipt.blockNumber!, afterReceipt.blockNumber!)).map((t) => t.txHash),
    ).toEqual([after]);
    expect(await chain.usdtTransfers(from, from)).toHaveLength(1);
    expect(await chain.usdtTransfers(10n, 9n)).toEqual([]);
  });

  it('does not report QMGT transfers as USDT deposits', async () => {
    const dave = chain.depositAddress(4);
    const from = (await chain.latestBlock()) + 1n;
    await mined(chain, await chain.mintQmgt(dave, USDT('1')));
    expect(await chain.usdtTransfers(from, await chain.latestBlock())).toEqual([]);
  });

  it('mintQmgt and burnQmgt move QMGT, and a burn beyond the balance is mined as reverted and changes nothing', async () => {
    const erin = chain.depositAddress(5);
    const supply = () => reader.readContract({ address: chain.qmgt, abi: erc20Abi, functionName: 'totalSupply' });
    const supplyBefore = await supply();
    expect((await mined(chain, await chain.mintQmgt(erin, USDT('10')))).status).toBe('success');
    expect(await chain.balanceOf('QMGT', erin)).toBe(USDT('10'));
    expect((await mined(chain, await chain.burnQmgt(erin, USDT('3.25')))).status).toBe('success');
    expect(await chain.balanceOf('QMGT', erin)).toBe(USDT('6.75'));

    const tooMuch = await chain.burnQmgt(erin, USDT('6.75') + 1n);
    expect(await mined(chain, tooMuch)).toMatchObject({ status: 'reverted', confirmations: 1n });
    expect(await chain.balanceOf('QMGT', erin)).toBe(USDT('6.75'));
    expect(await supply()).toBe(supplyBefore + USDT('6.75'));

    const gasUsed = (await chain.explorerTx(tooMuch))!.gasUsed!;
    expect(gasUsed).toBeLessThan(SEND_GAS_LIMIT);
  });

  it('runs sends in the order they were made: a burn sent before its funding mint is mined still succeeds', async () => {
    const frank = chain.depositAddress(6);
    await node.setAutomine(false);
    const mint = await chain.mintQmgt(frank, USDT('2'));
    const burn = await chain.burnQmgt(frank, USDT('2'));
    expect(await chain.receipt(mint)).toEqual({ status: 'pending', blockNumber: null, confirmations: 0n, known: true });
    await node.mine({ blocks: 1 });
    await node.setAutomine(true);
    expect((await mined(chain, mint)).status).toBe('success');
    expect((await mined(chain, burn)).status).toBe('success');
    expect(await chain.balanceOf('QMGT', frank)).toBe(0n);
  });

  it('counts confirmations from the including block as blocks are mined', async () => {
    const hash = await chain.faucetUsdt(chain.depositAddress(7), USDT('1'));
    const first = await mined(chain, hash);
    expect(first.confirmations).toBe(1n);
    await chain.mine(2);
    expect(await chain.receipt(hash)).toEqual({
      status: 'success',
      blockNumber: first.blockNumber,
      confirmations: 3n,
      known: true,
    });
    expect(await chain.latestBlock()).toBe(first.blockNumber! + 2n);
  });

  it('tells an unknown hash from a pending one', async () => {
    expect(await chain.receipt(`0x${'ab'.repeat(32)}`)).toEqual({
      status: 'pending',
      blockNumber: null,
      confirmations: 0n,
      known: false,
    });
    expect(await chain.explorerTx(`0x${'ab'.repeat(32)}`)).toBeNull();
  });

  it('decodes a transaction for the explorer page', async () => {
    const grace = chain.depositAddress(8);
    const hash = await chain.mintQmgt(grace, USDT('0.5'));
    await mined(chain, hash);
    const tx = await chain.explorerTx(hash);
    expect(tx).toMatchObject({ hash, status: 'success', confirmations: 1n, from: chain.treasury, to: chain.qmgt });
    expect(tx!.timestamp).toBeGreaterThan(0n);
    expect(tx!.transfers).toEqual([
      {
        token: 'QMGT',
        contract: chain.qmgt,
        logIndex: 0,
        from: '0x0000000000000000000000000000000000000000',
        to: grace,
        amount: USDT('0.5'),
      },
    ]);
  });

  it('refuses invalid amounts and addresses before touching the chain', async () => {
    const to = chain.depositAddress(9);
    await expect(chain.mintQmgt(to, 0n)).rejects.toBeInstanceOf(ChainUsageError);
    await expect(chain.burnQmgt(to, -1n)).rejects.toBeInstanceOf(ChainUsageError);
    await expect(chain.faucetUsdt(to, 2n ** 256n)).rejects.toBeInstanceOf(ChainUsageError);
    await expect(chain.mintQmgt('0x1234' as Address, 1n)).rejects.toBeInstanceOf(ChainUsageError);
    await expect(chain.balanceOf('USDT', 'nope' as Address)).rejects.toBeInstanceOf(ChainUsageError);
    expect(() => chain.depositAddress(-1)).toThrow(RangeError);
  });

  it('throws ChainSendError with the hash when the node refuses a send, and the next send goes through', async () => {
    const treasuryBalance = await reader.getBalance({ address: chain.treasury });
    await node.setBalance({ address: chain.treasury, value: 0n });
    const error = await chain.mintQmgt(chain.depositAddress(10), 1n).catch((e: unknown) => e);
    await node.setBalance({ address: chain.treasury, value: treasuryBalance });
    expect(error).toBeInstanceOf(ChainSendError);
    expect((error as ChainSendError).txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await chain.receipt((error as ChainSendError).txHash)).known).toBe(false);
    expect((await mined(chain, await chain.mintQmgt(chain.depositAddress(10), 1n))).status).toBe('success');
  });
});

describe('rpc adapter against the same node', () => {
  const connect = (overrides: Partial<Parameters<typeof connectRpcChain>[0]> = {}) =>
    connectRpcChain({
      rpcUrl: chain.rpcUrl,
      chainId: 31337,
      usdt: chain.usdt,
      qmgt: chain.qmgt,
      mnemonic,
      ...overrides,
    });

  it('uses the same wallet and contracts, reads and mints, but has no faucet', async () => {
    const rpc = await connect({ logBlockRange: 1 });
    expect(rpc).toMatchObject({
      kind: 'rpc',
      chainId: 31337,
      treasury: chain.treasury,
      usdt: chain.usdt,
      qmgt: chain.qmgt,
    });
    expect(rpc.depositAddress(3)).toBe(chain.depositAddress(3));
    expect(await rpc.balanceOf('USDT', chain.depositAddress(1))).toBe(
      await chain.balanceOf('USDT', chain.depositAddress(1)),
    );
    // One block per eth_getLogs call here: the split ranges still find every transfer once.
    const tip = await chain.latestBlock();
    expect(await rpc.usdtTransfers(0n, tip)).toEqual(await chain.usdtTransfers(0n, tip));
    await expect(rpc.faucetUsdt(chain.depositAddress(3), 1n)).rejects.toBeInstanceOf(ChainUsageError);
    const hash = await rpc.mintQmgt(chain.depositAddress(3), 7n);
    expect((await mined(rpc, hash)).status).toBe('success');
    await rpc.stop();
  });

  it('halves a log range the node refuses as too wide, and fails on any other refusal', async () => {
    // A node in front of anvil that answers eth_getLogs over more than 3 blocks the way public
    // BSC endpoints do when a busy token's range holds too many logs (JSON-RPC -32005).
    const spans: bigint[] = [];
    let refusal = { code: -32005, message: 'query returned more than 10000 results' };
    const proxy = createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += String(chunk);
      const call = JSON.parse(body) as { id: number; method: string; params: { fromBlock: Hex; toBlock: Hex }[] };
      if (call.method === 'eth_getLogs') {
        const span = BigInt(call.params[0]!.toBlock) - BigInt(call.params[0]!.fromBlock) + 1n;
        spans.push(span);
        if (span > 3n) {
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, error: refusal }));
          return;
        }
      }
      const answer = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      response.setHeader('content-type', 'application/json');
      response.end(await answer.text());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    const rpc = await connect({ rpcUrl: `http://127.0.0.1:${port}` });
    try {
      await mined(chain, await chain.faucetUsdt(chain.depositAddress(12), USDT('1')));
      await node.mine({ blocks: 10 });
      const tip = await chain.latestBlock();
      const direct = await chain.usdtTransfers(0n, tip);
      expect(direct.length).toBeGreaterThan(0);
      expect(await rpc.usdtTransfers(0n, tip)).toEqual(direct);
      expect(spans[0]).toBe(tip + 1n);
      expect(spans.filter((span) => span <= 3n).reduce((a, b) => a + b, 0n)).toBe(tip + 1n);

      // A refusal that a narrower range would not cure is the caller's to see, asked once.
      refusal = { code: -32000, message: 'header not found' };
      spans.length = 0;
      await expect(rpc.usdtTransfers(0n, tip)).rejects.toThrow(/header not found/);
      expect(spans).toEqual([tip + 1n]);
    } finally {
      await rpc.stop();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('recovers when another process used the treasury nonce: one ChainSendError, then sends again', async () => {
    const rpc = await connect();
    const to = chain.depositAddress(11);
    await mined(rpc, await rpc.mintQmgt(to, 1n));
    // The local adapter's cached nonce is now taken by the rpc adapter's send.
    const clash = await chain.mintQmgt(to, 1n).catch((e: unknown) => e);
    expect(clash).toBeInstanceOf(ChainSendError);
    await mined(chain, await chain.mintQmgt(to, 1n));
    expect(await chain.balanceOf('QMGT', to)).toBe(2n);
    await rpc.stop();
  });

  it('refuses to start on a wrong chain id, missing contracts or a treasury that may not mint', async () => {
    await expect(connect({ chainId: 56 })).rejects.toThrow(/serves chain 31337, CHAIN_ID says 56/);
    await expect(connect({ qmgt: chain.depositAddress(0) })).rejects.toThrow(/QMGT_ADDRESS .* has no contract/);
    await expect(connect({ mnemonic: 'test test test test test test test test test test test junk' })).rejects.toThrow(
      /lacks MINTER_ROLE/,
    );
    await expect(connect({ usdt: undefined })).rejects.toThrow(/USDT_ADDRESS is required/);
  });
});

describe('local chain: process and persistence', () => {
  it('resolves the anvil binary of this platform, or ANVIL_PATH', () => {
    expect(existsSync(resolveAnvilBinary())).toBe(true);
    expect(resolveAnvilBinary(process.execPath)).toBe(process.execPath);
    expect(() => resolveAnvilBinary('/nonexistent/anvil')).toThrow(/ANVIL_PATH/);
  });

  it('attaches a second start on the same DATA_DIR to the running node instead of starting another anvil', async () => {
    const second = await startLocalChain({ dataDir, finalityDepth: 0 });
    expect([second.rpcUrl, second.pid, second.usdt, second.qmgt, second.treasury]).toEqual([
      chain.rpcUrl,
      chain.pid,
      chain.usdt,
      chain.qmgt,
      chain.treasury,
    ]);
    const to = chain.depositAddress(20);
    await mined(second, await second.faucetUsdt(to, USDT('3')));
    expect(await chain.balanceOf('USDT', to)).toBe(USDT('3'));
    await second.stop();
    expect(running(chain.pid)).toBe(true);
    expect(await chain.balanceOf('USDT', to)).toBe(USDT('3'));
    // Another wallet on the same node would see contracts it cannot mint on.
    await expect(
      startLocalChain({ dataDir, mnemonic: 'test test test test test test test test test test test junk' }),
    ).rejects.toThrow(/another wallet/);
  });

  it('keeps balances, logs and contracts across a restart, and stop() leaves no anvil process', async () => {
    const alice = chain.depositAddress(0);
    const balance = await chain.balanceOf('USDT', alice);
    const tip = await chain.latestBlock();
    const transfers = await chain.usdtTransfers(0n, tip);
    const deployment = readFileSync(path.join(chainDir, 'deployment.json'), 'utf8');
    const { usdt, qmgt, pid } = chain;

    await chain.stop();
    expect(running(pid)).toBe(false);
    expect(existsSync(path.join(chainDir, 'state.json'))).toBe(true);
    expect(existsSync(path.join(chainDir, 'node.lock'))).toBe(false);
    // A lock left by a process that died (killed before it could clean up) is taken over.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(path.join(chainDir, 'node.lock'), JSON.stringify({ pid: deadPid }));
    writeFileSync(
      path.join(chainDir, 'node.json'),
      JSON.stringify({ ownerPid: deadPid, anvilPid: pid, rpcUrl: 'http://127.0.0.1:1' }),
    );

    chain = await startLocalChain({ dataDir, finalityDepth: 0 });
    pids.push(chain.pid);
    expect(chain.pid).not.toBe(pid);
    expect([chain.usdt, chain.qmgt]).toEqual([usdt, qmgt]);
    expect(readFileSync(path.join(chainDir, 'deployment.json'), 'utf8')).toBe(deployment);
    expect(JSON.parse(readFileSync(path.join(chainDir, 'node.lock'), 'utf8'))).toEqual({ pid: process.pid });
    expect(await chain.latestBlock()).toBe(tip);
    expect(await chain.balanceOf('USDT', alice)).toBe(balance);
    expect(await chain.usdtTransfers(0n, tip)).toEqual(transfers);
    // The wallet is the stored one: same treasury, which may still mint.
    expect((await mined(chain, await chain.mintQmgt(alice, 1n))).status).toBe('success');
  });

  it('mines empty blocks until the newest transaction is final, then lets the chain idle', async () => {
    await chain.stop();
    chain = await startLocalChain({ dataDir, finalityDepth: 3, blockIntervalMs: 20 });
    pids.push(chain.pid);
    const hash = await chain.faucetUsdt(chain.depositAddress(0), USDT('1'));
    await waitFor(async () => (await chain.receipt(hash)).confirmations >= 3n);
    const tip = await chain.latestBlock();
    await new Promise((r) => setTimeout(r, 200));
    expect(await chain.latestBlock()).toBe(tip);
    expect((await chain.receipt(hash)).confirmations).toBe(3n);
  });

  it('deploys again when the saved contracts have no code (chain state lost)', async () => {
    await chain.stop();
    rmSync(path.join(chainDir, 'state.json'));
    const before = JSON.parse(readFileSync(path.join(chainDir, 'deployment.json'), 'utf8'));
    chain = await startLocalChain({ dataDir, finalityDepth: 0 });
    pids.push(chain.pid);
    const after = JSON.parse(readFileSync(path.join(chainDir, 'deployment.json'), 'utf8'));
    expect(after.deployedAt).not.toBe(before.deployedAt);
    const fresh = createPublicClient({ chain: anvilChain, transport: http(chain.rpcUrl) });
    expect((await fresh.getCode({ address: chain.qmgt }))?.length).toBeGreaterThan(2);
    expect(await chain.balanceOf('USDT', chain.depositAddress(0))).toBe(0n);
  });

  it('sets an unreadable state file aside and starts an empty chain', async () => {
    await chain.stop();
    writeFileSync(path.join(chainDir, 'state.json'), '{"block":');
    chain = await startLocalChain({ dataDir, finalityDepth: 0 });
    pids.push(chain.pid);
    expect(await chain.latestBlock()).toBeGreaterThan(0n); // the contracts were deployed again
    const kept = readdirSync(chainDir).filter((f) => f.startsWith('state.json.unreadable-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(path.join(chainDir, kept[0]!), 'utf8')).toBe('{"block":');
  });

  it('no anvil outlives a parent that is killed outright (SIGKILL)', async () => {
    const script = path.join(dataDir, 'orphan-parent.mts');
    writeFileSync(
      script,
      `import { spawnAnvil, resolveAnvilBinary } from ${JSON.stringify(path.resolve(import.meta.dirname, 'anvil-process.ts'))};
       const node = await spawnAnvil({ binary: resolveAnvilBinary(), args: ['--accounts', '0'] });
       console.log('pid', node.pid);
       setInterval(() => {}, 1000);`,
    );
    const parent = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    parent.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const pid = await waitFor(async () => {
      const match = /pid (\d+)/.exec(output);
      return match ? Number(match[1]) : undefined;
    }, 15_000);
    try {
      expect(running(pid)).toBe(true);
      parent.kill('SIGKILL');
      await waitFor(async () => !running(pid), 5000);
    } finally {
      if (running(pid)) process.kill(pid, 'SIGKILL');
    }
  });
});
