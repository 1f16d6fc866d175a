// app/** still imports this path (another helper's files for now): re-exported until it imports swap-api.
export { executeSwap } from './swap-api';
