import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

/**
 * Reads a multipart request whole: text fields, and at most one file per allowed field name.
 * Size caps come from @fastify/multipart's limits (a file over the cap is a 413); a file under
 * any other name is refused rather than silently dropped.
 */
export async function readMultipart(request: FastifyRequest, fileFields: readonly string[]): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, 'ValidationError', 'Send this form as multipart/form-data.');
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    await collectParts(request, fileFields, form);
  } catch (error) {
    // Limits and our own refusals carry a status; anything else is busboy choking on the body.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw badRequest('The uploaded form is malformed or incomplete.');
  }
  return form;
}

async function collectParts(
  request: FastifyRequest,
  fileFields: readonly string[],
  form: MultipartForm,
): Promise<void> {
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname.slice(0, 40)}".`);
      }
      const data = await part.toBuffer();
      if (data.length === 0) throw badRequest('The uploaded file is empty.');
      form.files[part.fieldname] = data;
    } else {
      form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
}
