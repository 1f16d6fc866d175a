import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiError, ErrorName } from '@qmgt/contracts';
import { AppError, invalidInput } from '../lib/errors.js';

function send(
  reply: FastifyReply,
  status: number,
  name: ErrorName,
  message: string,
  details: Record<string, unknown> = {},
) {
  const body: ApiError = { error: { status, name, message, details } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Maps Fastify's own client errors (bad JSON, wrong content type, oversize body) to our shape. */
const FASTIFY_CLIENT_ERRORS: Record<string, { name: ErrorName; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { name: 'ValidationError', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { name: 'ValidationError', message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { name: 'ValidationError', message: 'This content type is not accepted here.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { name: 'PayloadTooLargeError', message: 'The request is too large.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { name: 'ValidationError', message: 'The request length is invalid.' },
  FST_ERR_BAD_URL: { name: 'ValidationError', message: 'The address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { name: 'ValidationError', message: 'The address is too long.' },
  FST_ERR_ASYNC_CONSTRAINT: { name: 'ValidationError', message: 'The request is not valid.' },
  FST_ERR_CTP_INVALID_TYPE: { name: 'ValidationError', message: 'This content type is not accepted here.' },
  FST_REQ_FILE_TOO_LARGE: { name: 'PayloadTooLargeError', message: 'The file is larger than 5 MB.' },
  FST_FILES_LIMIT_REACHED: { name: 'ValidationError', message: 'Too many files in one request.' },
  FST_FIELDS_LIMIT_REACHED: { name: 'ValidationError', message: 'Too many fields in one request.' },
  FST_PARTS_LIMIT_REACHED: { name: 'ValidationError', message: 'Too many parts in one request.' },
  FST_PROTO_VIOLATION: { name: 'ValidationError', message: 'The form is not valid.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { name: 'ValidationError', message: 'Send this form as multipart/form-data.' },
  FST_INVALID_JSON_FIELD_ERROR: { name: 'ValidationError', message: 'The form is not valid.' },
};

/** Another plugin's 4xx (a static file refused, a limit): named by its status. */
const CLIENT_ERROR_NAMES: Record<number, ErrorName> = {
  401: 'UnauthorizedError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  409: 'ConflictError',
  413: 'PayloadTooLargeError',
  422: 'UnprocessableError',
  429: 'RateLimitError',
};

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) return send(reply, error.status, error.errorName, error.message, error.details);

      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: v.message ?? 'Invalid value.',
          code: v.keyword,
          // The zod issue's own `params` (a refinement's), kept by the type provider under `params`.
          params: (v.params as { params?: unknown } | undefined)?.params,
        }));
        // zod's generic wording names no field; say which one, so the message stands alone.
        for (const issue of issues) {
          if (issue.path === '' && /expected object/.test(issue.message))
            issue.message = 'The request body must be a JSON object.';
          else if (issue.path && issue.message.startsWith('Invalid input'))
            issue.message = `${issue.path}: ${issue.message}`;
        }
        const first = issues[0];
        const where = error.validationContext === 'body' ? '' : ` (${error.validationContext})`;
        const refused = invalidInput(issues, `${first?.message ?? 'Invalid request.'}${where}`);
        return send(reply, refused.status, refused.errorName, refused.message, refused.details);
      }

      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its contract');
        return send(reply, 500, 'ApplicationError', 'Something went wrong on our side. Please try again.');
      }

      if (error.statusCode === 429) {
        return send(
          reply,
          429,
          'RateLimitError',
          error.message || 'Too many requests. Please wait a minute and try again.',
        );
      }

      const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
      if (known) return send(reply, error.statusCode ?? 400, known.name, known.message);

      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        const name = CLIENT_ERROR_NAMES[error.statusCode] ?? 'ValidationError';
        return send(reply, error.statusCode, name, error.message || 'Invalid request.');
      }

      request.log.error({ err: error }, 'unhandled error');
      return send(reply, 500, 'ApplicationError', 'Something went wrong on our side. Please try again.');
    });
  },
  { name: 'errors' },
);

/**
 * Fastify's `frameworkErrors`: failures before any route is found (a bad percent-escape, a
 * path segment over the router's limit) answer in the product's error shape too. Always 400:
 * the address is malformed whatever route it was aimed at.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
  request.log.info({ code: error.code }, 'malformed request address');
  return send(reply, 400, known?.name ?? 'ValidationError', known?.message ?? 'The address is not valid.');
}
