import { act, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { renderApp, screen } from '@/testing/render-app';

const setLoadingState = (patch: Parameters<ReturnType<typeof useSessionStore.getState>['setLoadingState']>[0]) =>
  act(() => useSessionStore.getState().setLoadingState(patch));

describe('transaction modal', () => {
  it('leaving the page clears a running transaction state, and an idle tab writes nothing back', async () => {
    renderApp('/test');
    await screen.findByText('Sample');
    setLoadingState({ status: 'loading', isLoading: true });
    act(() => void window.dispatchEvent(new Event('beforeunload')));
    expect(useSessionStore.getState().loadingState.status).toBe('idle');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Logged out in another tab: the stored session is gone and must stay gone.
    localStorage.removeItem('qmgt-session');
    act(() => void window.dispatchEvent(new Event('beforeunload')));
    expect(localStorage.getItem('qmgt-session')).toBeNull();
  });

  it('is closed while idle', async () => {
    renderApp('/test');
    await screen.findByText('Sample');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a spinner with the default texts while loading, without a close button', async () => {
    renderApp('/test');
    await screen.findByText('Sample');
    setLoadingState({ status: 'loading', isLoading: true });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Processing your transaction')).toBeInTheDocument();
    expect(within(dialog).getByText('This may take a few seconds')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the caller’s loading texts', async () => {
    renderApp('/test');
    await screen.findByText('Sample');
    setLoadingState({ status: 'loading', loadingMessage: 'Buying QMGT', descriptionMessage: 'Waiting for the chain' });
    expect(screen.getByText('Buying QMGT')).toBeInTheDocument();
    expect(screen.getByText('Waiting for the chain')).toBeInTheDocument();
  });

  it('shows success with its default title, description, explorer link and actions; closing clears the state', async () => {
    const { user } = renderApp('/test');
    await screen.findByText('Sample');
    setLoadingState({
      status: 'success',
      descriptionMessage: 'You bought 1.5 QMGT',
      txHash: '0xfeed',
      actions: [{ label: 'View transactions', to: '/transactions' }],
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Transaction Successful')).toBeInTheDocument();
    expect(within(dialog).getByText('You bought 1.5 QMGT')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'View on block explorer' })).toHaveAttribute(
      'href',
      '/explorer/tx/0xfeed',
    );
    expect(within(dialog).getByRole('link', { name: 'View transactions' })).toHaveAttribute('href', '/transactions');

    await user.click(within(dialog).getByRole('button'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useSessionStore.getState().loadingState).toMatchObject({
      status: 'idle',
      isClosable: true,
      txHash: '',
      actions: [],
    });
  });

  it('has no explorer link without a transaction hash, and a custom success title', async () => {
    renderApp('/test');
    await screen.findByText('Sample');
    setLoadingState({ status: 'success', successMessage: 'Staked!' });
    expect(screen.getByText('Staked!')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View on block explorer' })).not.toBeInTheDocument();
  });

  it('cannot be closed on success when not closable', async () => {
    const { user } = renderApp('/test');
    await screen.findByText('Sample');
    setLoadingState({ status: 'success', isClosable: false });
    expect(within(screen.getByRole('dialog')).queryByRole('button')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("shows 'Transaction Failed' with the description, always closable", async () => {
    const { user } = renderApp('/test');
    await screen.findByText('Sample');
    setLoadingState({ status: 'error', descriptionMessage: 'Insufficient balance', isClosable: false });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Transaction Failed')).toBeInTheDocument();
    expect(within(dialog).getByText('Insufficient balance')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useSessionStore.getState().loadingState.status).toBe('idle');
  });
});
