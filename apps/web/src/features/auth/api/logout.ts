// app/** still imports this path (another helper's files for now): re-exported until it imports auth-api.
export { logoutRequest } from './auth-api';
