// app/** still imports this path (another helper's files for now): re-exported until it imports transactions-api.
export { isSettled, TRANSACTION_POLL_MS, transactionDetailsQueryOptions } from './transactions-api';
