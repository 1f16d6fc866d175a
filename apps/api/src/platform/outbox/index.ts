/*
 * The outbox (DESIGN.md section 10, docs/decisions/014-outbox.md): every message owed, written
 * in the transaction of the change that owes it and sent by one claiming sender. Other code
 * imports only this file; SQL owes through `outbox_owe(kind, key, payload)`.
 */
export {
  createOutbox,
  outboxBackoffMs,
  OUTBOX_LEASE_MS,
  type Outbox,
  type OutboxDelivery,
  type OutboxHandler,
  type OutboxMessageState,
  type OutboxOptions,
  type OwedMessage,
} from './outbox.sender.js';
export { default as outboxPlugin, OUTBOX_POLL_MS } from './outbox.plugin.js';
