import { copyText } from './clipboard';
import { notifyError, notifySuccess } from './notify';

/** SPEC.md section 2 copy messages, shared by the header, wallet panel and referral modal. */
export const COPY_MESSAGES = {
  walletCopied: 'Wallet address copied!',
  noWallet: 'No wallet address to copy!',
  referralCopied: 'Referral link copied to clipboard!',
  copyRefused: 'Your browser did not allow copying.',
} as const;

export async function copyWalletAddress(address: string | null): Promise<void> {
  if (!address) {
    notifyError(COPY_MESSAGES.noWallet);
    return;
  }
  if (await copyText(address)) notifySuccess(COPY_MESSAGES.walletCopied);
  else notifyError(COPY_MESSAGES.copyRefused);
}

export async function copyReferralLink(link: string): Promise<void> {
  if (await copyText(link)) notifySuccess(COPY_MESSAGES.referralCopied);
  else notifyError(COPY_MESSAGES.copyRefused);
}
