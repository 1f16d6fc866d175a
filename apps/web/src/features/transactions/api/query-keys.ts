import type { TransactionType } from '@qmgt/contracts';

export type TransactionsList = { type?: TransactionType; pageSize: number };

export const transactionKeys = {
  all: ['transactions'] as const,
  list: ({ type, pageSize }: TransactionsList) => [...transactionKeys.all, 'list', type ?? 'ALL', pageSize] as const,
  details: (id: string, type: string) => [...transactionKeys.all, 'details', id, type] as const,
  byCode: (type: string, code: string) => [...transactionKeys.all, 'by-code', type, code] as const,
  recent: () => [...transactionKeys.all, 'recent'] as const,
};
