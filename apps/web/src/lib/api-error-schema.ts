// Loaded when an answer fails (lib/api-client.ts), so zod is not in the first load.
export { apiErrorSchema } from '@qmgt/contracts';
