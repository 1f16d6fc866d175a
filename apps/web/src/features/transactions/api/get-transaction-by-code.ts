import { apiPaths } from '@qmgt/contracts';
import { useQuery } from '@tanstack/react-query';
import { followedTransactionQueryOptions } from './get-transaction-details';
import { transactionKeys } from './query-keys';

/** GET /transactions/{type}/{code}: one transaction by the code support reads out. */
export const transactionByCodeQueryOptions = (type: string, code: string) =>
  followedTransactionQueryOptions(transactionKeys.byCode(type, code), apiPaths.transactionByCode(type, code));

export const useTransactionByCode = (type: string, code: string, enabled = true) =>
  useQuery({ ...transactionByCodeQueryOptions(type, code), enabled });
