import { KYC_VERIFIED, type KycStatus, type SessionResponse, type User } from '@qmgt/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const SESSION_STORAGE_KEY = 'qmgt-session';

export type TransactionStatus = 'idle' | 'loading' | 'success' | 'error';

/** An extra button of the transaction modal: plain data so the state stays serialisable. */
export type TransactionAction = { label: string; to: string };

/** Drives the transaction modal (SPEC.md sections 3 and 4). */
export type LoadingState = {
  isLoading: boolean;
  loadingMessage: string;
  successMessage: string;
  descriptionMessage: string;
  actions: TransactionAction[];
  status: TransactionStatus;
  isClosable: boolean;
  /** Chain transaction hash; when present the success view links to the block explorer. */
  txHash: string;
  /**
   * The explorer page the API gives for the hash (the built-in `/explorer/tx/...` page on the
   * local chain, bscscan in production); '' falls back to the configured base + txHash.
   */
  explorerUrl: string;
};

/** Wallet balances as decimal strings: money is never a JS number (DESIGN.md section 2). */
export type Balance = { usdt: string; qmgt: string };

export type SessionState = {
  loading: boolean;
  info: User | null;
  responseMsg: string;
  /** Step of the KYC form. */
  currentStep: number;
  isAuthenticated: boolean;
  currentNomineeStep: number;
  isWalletOpen: boolean;
  accessToken: string | null;
  email: string;
  message: string;
  /** Identity-provider status text. */
  sumsubStat: string;
  loadingState: LoadingState;
  balance: Balance;
  bankData: Record<string, string>;
};

export type SessionActions = {
  /** Sign-in answer: stores the client record and its token, marks the client authenticated. */
  saveInfo: (session: SessionResponse) => void;
  /** A fresher copy of the signed-in client record (GET /getInfo). */
  setInfo: (user: User) => void;
  /** Back to the signed-out defaults; the persisted token is gone with them. */
  logout: () => void;
  setLoadingState: (patch: Partial<LoadingState>) => void;
  resetLoadingState: () => void;
  setWalletOpen: (isWalletOpen: boolean) => void;
  setEmail: (email: string) => void;
  setMessage: (message: string) => void;
  setResponseMsg: (responseMsg: string) => void;
  setCurrentStep: (currentStep: number) => void;
  setCurrentNomineeStep: (currentNomineeStep: number) => void;
  setSumsubStat: (sumsubStat: string) => void;
  setBalance: (balance: Balance) => void;
  setBankData: (bankData: Record<string, string>) => void;
  setLoading: (loading: boolean) => void;
  /** Restarts the identity verification flow from its first step. */
  resetKyc: () => void;
};

export const idleLoadingState: LoadingState = {
  isLoading: false,
  loadingMessage: '',
  successMessage: '',
  descriptionMessage: '',
  actions: [],
  status: 'idle',
  isClosable: true,
  txHash: '',
  explorerUrl: '',
};

export const initialSessionState: SessionState = {
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
  loadingState: idleLoadingState,
  balance: { usdt: '0', qmgt: '0' },
  bankData: {},
};

export const useSessionStore = create<SessionState & SessionActions>()(
  persist(
    (set) => ({
      ...initialSessionState,
      saveInfo: ({ jwt, user }) => set({ info: user, accessToken: jwt, isAuthenticated: true }),
      setInfo: (info) => set({ info }),
      logout: () => set(initialSessionState),
      setLoadingState: (patch) => set((state) => ({ loadingState: { ...state.loadingState, ...patch } })),
      resetLoadingState: () => set({ loadingState: idleLoadingState }),
      setWalletOpen: (isWalletOpen) => set({ isWalletOpen }),
      setEmail: (email) => set({ email }),
      setMessage: (message) => set({ message }),
      setResponseMsg: (responseMsg) => set({ responseMsg }),
      setCurrentStep: (currentStep) => set({ currentStep }),
      setCurrentNomineeStep: (currentNomineeStep) => set({ currentNomineeStep }),
      setSumsubStat: (sumsubStat) => set({ sumsubStat }),
      setBalance: (balance) => set({ balance }),
      setBankData: (bankData) => set({ bankData }),
      setLoading: (loading) => set({ loading }),
      resetKyc: () => set({ currentStep: 0, sumsubStat: '' }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // A reload must not bring back a spinner for a request that no longer exists, nor an
      // open wallet panel: those three are screen state, the rest is the session.
      partialize: ({ loading: _loading, loadingState: _loadingState, isWalletOpen: _isWalletOpen, ...session }) =>
        session,
    },
  ),
);

/** The KYC status of the signed-in client, or null when signed out. */
export const selectKycStatus = (state: SessionState): KycStatus | null => state.info?.kycVerified ?? null;

/** Gated pages and the sidebar open only for an authenticated, KYC-verified client (SPEC.md section 5). */
export const selectIsKycVerified = (state: SessionState): boolean =>
  state.isAuthenticated && state.info?.kycVerified === KYC_VERIFIED;
