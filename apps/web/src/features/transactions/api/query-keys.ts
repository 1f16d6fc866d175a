import type { TransactionType } from '@qmgt/contracts';

export type TransactionsPage = { type?: TransactionType; page: number; pageSize: number };

export const transactionKeys = {
  all: ['transactions'] as const,
  list: ({ type, page, pageSize }: TransactionsPage) =>
    [...transactionKeys.all, 'list', type ?? 'ALL', page, pageSize] as const,
  details: (id: string, type: string) => [...transactionKeys.all, 'details', id, type] as const,
  byCode: (type: string, code: string) => [...transactionKeys.all, 'by-code', type, code] as const,
  recent: () => [...transactionKeys.all, 'recent'] as const,
};
