// app/** still imports this path (another helper's files for now): re-exported until it imports growth-api.
export { useHasUpline } from './growth-api';
