// app/** still imports this path (another helper's files for now): re-exported until it imports kyc-api.
export { personalQueryOptions, usePersonal } from './kyc-api';
