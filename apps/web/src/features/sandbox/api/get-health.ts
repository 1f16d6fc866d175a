// app/** still imports this path (another helper's files for now): re-exported until it imports sandbox-api.
export { useSandboxMode } from './sandbox-api';
