/* Kept apart from the calls: the money refresh after every swap reads these keys without loading them. */
export const goldKeys = {
  all: ['gold'] as const,
  plan: () => [...goldKeys.all, 'plan'] as const,
  autoSaveRuns: () => [...goldKeys.all, 'plan', 'auto-save-runs'] as const,
  balances: () => [...goldKeys.all, 'balances'] as const,
  statements: () => [...goldKeys.all, 'statement'] as const,
  statement: (from: string, to: string, cursor = '') => [...goldKeys.statements(), from, to, cursor] as const,
  termination: (id: string) => [...goldKeys.all, 'termination', id] as const,
  adminTerminations: () => [...goldKeys.all, 'admin', 'terminations'] as const,
};
