// app/** still imports this path (another helper's files for now): re-exported until it imports wallet-api.
export { useAccountAddress } from './wallet-api';
