import { Group, Progress, Stack, Text } from '@mantine/core';
import { QUOTE_TTL_MS } from '@qmgt/contracts';
import type { ReactNode } from 'react';
import { formatAmount } from '@/lib/money';
import type { TimedQuote } from '../api/swap-api';

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={strong ? 700 : 500} ff="monospace" ta="right">
        {children}
      </Text>
    </Group>
  );
}

const asAsset = (asset: string) => (asset === 'QMGT' ? 'QMGT' : 'USDT');

/**
 * What a quote promises, before anything moves (DESIGN.md section 2): what leaves the balance,
 * the price, the fee and what arrives. Exact figures are in each title.
 */
export function QuoteSummary({
  quote,
  secondsLeft,
  countdown = true,
}: {
  quote: TimedQuote;
  secondsLeft: number | null;
  countdown?: boolean;
}) {
  const from = asAsset(quote.from);
  const to = asAsset(quote.to);
  const fee = asAsset(quote.feeAsset);
  const seconds = secondsLeft ?? 0;
  return (
    // The group names the list; a role on the <dl> itself would hide its dt/dd pairs (axe: dlitem).
    <div role="group" aria-label="Quote">
      <Stack component="dl" gap={6} m={0}>
        <Row label="You pay">
          <span title={`${quote.amountIn} ${from}`}>
            {formatAmount(quote.amountIn, from)} {from}
          </span>
        </Row>
        <Row label={from === 'USDT' ? 'Buy price' : 'Sell price'}>
          <span title={`${quote.price} USDT per QMGT`}>{formatAmount(quote.price, 'USDT')} USDT per QMGT</span>
        </Row>
        <Row label="Fee">
          <span title={`${quote.fee} ${fee}`}>
            {formatAmount(quote.fee, fee)} {fee}
          </span>
        </Row>
        <Row label="You receive" strong>
          <span title={`${quote.amountOut} ${to}`}>
            {formatAmount(quote.amountOut, to)} {to}
          </span>
        </Row>
      </Stack>
      {/* Outside the <dl>: a list holds only its dt/dd pairs (axe: definition-list). */}
      {countdown ? (
        <Stack gap={4} mt={4}>
          <Text size="xs" c={seconds <= 5 ? 'orange' : 'dimmed'} role="timer" aria-live="off">
            {seconds > 0 ? `Quote expires in ${seconds} s` : 'Quote expired. Getting a new one…'}
          </Text>
          <Progress
            value={(seconds * 1000 * 100) / QUOTE_TTL_MS}
            size="xs"
            color={seconds <= 5 ? 'orange' : 'gold'}
            aria-hidden
            transitionDuration={250}
          />
        </Stack>
      ) : null}
    </div>
  );
}
