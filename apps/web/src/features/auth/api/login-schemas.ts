// The sign-in's contract schemas, fetched on demand (with zod) so the form paints without them
// (issue 14): the form's validation and the answer's check both load from here.
export { loginRequestSchema, sessionResponseSchema } from '@qmgt/contracts';
