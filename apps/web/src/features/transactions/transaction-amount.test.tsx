import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession } from '@/testing/factories';
import { renderApp, screen } from '@/testing/render-app';
import { buildTransaction, fakeWallet } from '@/testing/wallet-api';

describe('amounts in the history', () => {
  it('shows grams as g, as every other screen does, with the exact figure in the title', async () => {
    fakeWallet.transactions = [
      buildTransaction({ type: 'GAE', assetIn: 'USDT', amountIn: '200', assetOut: 'GOLD', amountOut: '1.495512' }),
    ];
    renderApp('/transactions-gae', { session: buildSession({ kycVerified: 'Verified' }) });
    const table = await screen.findByRole('table', { name: 'GAE transactions' });
    expect(within(table).getByText('1.4955 g')).toHaveAttribute('title', '1.495512 g');
    expect(within(table).queryByText(/GOLD/)).not.toBeInTheDocument();
  });
});
