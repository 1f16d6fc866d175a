// app/** still imports this path (another helper's files for now): re-exported until it imports auth-api.
export { useInfo } from './auth-api';
