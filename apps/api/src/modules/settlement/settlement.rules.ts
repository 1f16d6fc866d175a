import type { Hex } from '../../adapters/chain/port.js';

/** A movement waiting for the chain, as the sender reads it. */
export interface OpenMovement {
  /** Ledger order (the outbox's primary key). */
  seq: string;
  id: string;
  /** null: the treasury address. */
  userId: string | null;
  kind: 'mint' | 'burn';
  amount: string;
  transactionId: string;
}

/** A movement's ledger id (a UUID) as the bytes32 the contract records it under. */
export function movementIdToBytes32(id: string): Hex {
  const hex = id.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error(`not a movement id: ${id}`);
  return `0x${hex.padStart(64, '0')}`;
}

/** The contract's bytes32 back to the ledger's movement id. */
export function bytes32ToMovementId(value: Hex): string {
  const hex = value.slice(2).toLowerCase().padStart(64, '0').slice(32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Net QMGT each holder (null: the treasury address) still has coming from unsettled movements. */
export function netByHolder(
  movements: readonly { userId: string | null; kind: 'mint' | 'burn'; amount: string }[],
): Map<string | null, bigint> {
  const net = new Map<string | null, bigint>();
  for (const m of movements) {
    const amount = BigInt(m.amount);
    net.set(m.userId, (net.get(m.userId) ?? 0n) + (m.kind === 'mint' ? amount : -amount));
  }
  return net;
}

/** A list of ids as one text parameter (`string_to_array($n, ',')::uuid[]`), the same on PGlite and PostgreSQL. */
export const idList = (ids: readonly string[]) => ids.join(',');

/**
 * Whether the sender may send its next batch now. Every batch costs a dozen statements and a
 * chain transaction whatever its size, so a batch that was not full waits `gapMs` after the
 * previous send while more movements gather; after a full batch (a backlog) the next goes at
 * once. On BSC, blocks come every 3 s: the gap is far below a block and costs no settlement time.
 */
export function mayBatchGo(last: { sentAt: number; full: boolean } | undefined, now: number, gapMs: number): boolean {
  return !last || last.full || now - last.sentAt >= gapMs;
}
