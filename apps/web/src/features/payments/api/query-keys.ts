// Apart from the calls: the money refresh after every move (app/money/money-actions.ts) reads
// these keys, and the swap screen's first paint must not load the calls and their schemas.
export const paymentKeys = {
  all: ['payments'] as const,
  one: (id: string) => ['payments', id] as const,
  remittances: () => ['remittances'] as const,
  sandboxCheckout: (id: string) => ['sandbox-checkout', id] as const,
  admin: (status: string) => ['admin', 'payments', status] as const,
  adminRemittances: () => ['admin', 'remittances'] as const,
};
