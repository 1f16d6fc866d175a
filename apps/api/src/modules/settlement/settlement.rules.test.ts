import { describe, expect, it } from 'vitest';
import { mayBatchGo } from './settlement.rules.js';

describe('mayBatchGo: fewer, fuller batches under load', () => {
  it('sends the first batch at once', () => {
    expect(mayBatchGo(undefined, 1_000, 250)).toBe(true);
  });
  it('lets movements gather for the gap after a batch that was not full', () => {
    const last = { sentAt: 1_000, full: false };
    expect(mayBatchGo(last, 1_100, 250)).toBe(false);
    expect(mayBatchGo(last, 1_249, 250)).toBe(false);
    expect(mayBatchGo(last, 1_250, 250)).toBe(true);
  });
  it('sends at once after a full batch: a backlog drains back to back', () => {
    expect(mayBatchGo({ sentAt: 1_000, full: true }, 1_001, 250)).toBe(true);
  });
  it('never waits when the gap is 0', () => {
    expect(mayBatchGo({ sentAt: 1_000, full: false }, 1_000, 0)).toBe(true);
  });
});
