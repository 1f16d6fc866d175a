import { useCallback, useState } from 'react';
import { useSessionStore } from '@/lib/session-store';

export type HeaderModal = 'profile' | 'notification' | 'referral' | 'logout' | 'wallet';

/**
 * The header's modals are mutually exclusive (SPEC.md section 4): `current` is the one open,
 * if any, and opening one closes the rest. The wallet panel's flag lives in the session store
 * (isWalletOpen, SPEC.md section 3) so other screens can open it; it takes precedence here and
 * is cleared whenever another modal opens, so there is still exactly one open modal.
 */
export function useHeaderModals() {
  const [openHeaderModal, setOpenHeaderModal] = useState<Exclude<HeaderModal, 'wallet'> | null>(null);
  const isWalletOpen = useSessionStore((s) => s.isWalletOpen);
  const setWalletOpen = useSessionStore((s) => s.setWalletOpen);

  // The wallet opened from elsewhere (a screen's "deposit" button) closes the other modals for
  // good, not just while it is open. Adjusted during render, as React recommends over an effect.
  const [walletWasOpen, setWalletWasOpen] = useState(isWalletOpen);
  if (walletWasOpen !== isWalletOpen) {
    setWalletWasOpen(isWalletOpen);
    if (isWalletOpen) setOpenHeaderModal(null);
  }

  const current: HeaderModal | null = isWalletOpen ? 'wallet' : openHeaderModal;

  const open = useCallback(
    (modal: HeaderModal) => {
      setWalletOpen(modal === 'wallet');
      setOpenHeaderModal(modal === 'wallet' ? null : modal);
    },
    [setWalletOpen],
  );

  /** Closes `modal` only if it is still the open one (a menu closing after it opened another). */
  const close = useCallback(
    (modal: HeaderModal) => {
      if (modal === 'wallet') setWalletOpen(false);
      else setOpenHeaderModal((previous) => (previous === modal ? null : previous));
    },
    [setWalletOpen],
  );

  const toggle = useCallback(
    (modal: HeaderModal) => (current === modal ? close(modal) : open(modal)),
    [current, close, open],
  );

  return { current, open, close, toggle };
}
