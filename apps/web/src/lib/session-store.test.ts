import { beforeEach, describe, expect, it } from 'vitest';
import { buildSession } from '@/testing/factories';
import { initialSessionState, SESSION_STORAGE_KEY, useSessionStore } from './session-store';

const store = () => useSessionStore.getState();

describe('session store', () => {
  beforeEach(() => store().logout());

  it('starts signed out with the defaults of SPEC.md section 3', () => {
    expect(initialSessionState).toEqual({
      loading: false,
      info: null,
      responseMsg: '',
      currentStep: 0,
      isAuthenticated: false,
      currentNomineeStep: 0,
      isWalletOpen: false,
      accessToken: null,
      email: '',
      message: '',
      sumsubStat: '',
      loadingState: {
        isLoading: false,
        loadingMessage: '',
        successMessage: '',
        descriptionMessage: '',
        actions: [],
        status: 'idle',
        isClosable: true,
        txHash: '',
        explorerUrl: '',
      },
      balance: { usdt: '0', qmgt: '0' },
      bankData: {},
    });
  });

  it('saveInfo takes the access token from the jwt field and marks the client authenticated', () => {
    const session = buildSession();
    store().saveInfo(session);
    expect(store()).toMatchObject({ accessToken: session.jwt, info: session.user, isAuthenticated: true });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state).toMatchObject({
      accessToken: session.jwt,
      isAuthenticated: true,
    });
  });

  it('logout resets everything and leaves no token in storage', () => {
    const session = buildSession();
    store().saveInfo(session);
    store().setEmail('saver@example.test');
    store().setBalance({ usdt: '12.5', qmgt: '0.75' });
    store().logout();
    const { saveInfo: _s, setInfo: _i, logout: _l, ...state } = store();
    expect(state).toMatchObject(initialSessionState);
    expect(localStorage.getItem(SESSION_STORAGE_KEY) ?? '').not.toContain(session.jwt);
  });

  it('merges loading-state patches and resets to idle and closable', () => {
    store().setLoadingState({ status: 'loading', isLoading: true, loadingMessage: 'Buying' });
    store().setLoadingState({ isClosable: false });
    expect(store().loadingState).toMatchObject({
      status: 'loading',
      isLoading: true,
      loadingMessage: 'Buying',
      isClosable: false,
    });
    store().resetLoadingState();
    expect(store().loadingState).toMatchObject({
      status: 'idle',
      isLoading: false,
      loadingMessage: '',
      isClosable: true,
    });
  });

  it('does not persist screen state (a reload must not resurrect a spinner)', () => {
    store().setLoadingState({ status: 'loading' });
    store().setWalletOpen(true);
    const persisted = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state as Record<string, unknown>;
    expect(persisted).not.toHaveProperty('loadingState');
    expect(persisted).not.toHaveProperty('isWalletOpen');
    expect(persisted).toHaveProperty('balance', { usdt: '0', qmgt: '0' });
  });

  it('resetKyc goes back to the first KYC step', () => {
    store().setCurrentStep(3);
    store().setSumsubStat('Pending');
    store().resetKyc();
    expect(store()).toMatchObject({ currentStep: 0, sumsubStat: '' });
  });
});
