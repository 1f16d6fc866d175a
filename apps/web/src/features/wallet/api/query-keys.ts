export const walletKeys = {
  all: ['wallet'] as const,
  address: (userHash: string) => [...walletKeys.all, 'address', userHash] as const,
  balance: () => [...walletKeys.all, 'balance'] as const,
  goldPrice: (days: number) => [...walletKeys.all, 'gold-price', days] as const,
  explorerTx: (hash: string) => [...walletKeys.all, 'explorer-tx', hash] as const,
};
