import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.js';

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
  /** What the client declared for each file: a handler that takes text judges by both. */
  fileMeta: Record<string, { mimetype: string; filename: string }>;
}

/**
 * Reads a multipart request whole: text fields, and at most one file per allowed field name.
 * Size caps come from @fastify/multipart's limits (a file over the cap is a 413); a file under
 * any other name is refused rather than silently dropped, and so is a second file or value
 * under one name, or a text field outside `textFields` when given (the OpenAPI document
 * describes these forms as closed).
 */
export async function readMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
  textFields?: readonly string[],
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, files: {}, fileMeta: {} };
  // No body at all is an empty form (its handler then says what is missing); another type is a 415.
  const empty = !request.headers['content-type'] && !Number(request.headers['content-length'] ?? 0);
  if (empty) return form;
  if (!request.isMultipart()) throw new AppError(415, 'ValidationError', 'Send this form as multipart/form-data.');
  try {
    await collectParts(request, fileFields, textFields, form);
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
  textFields: readonly string[] | undefined,
  form: MultipartForm,
): Promise<void> {
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname.slice(0, 40)}".`);
      }
      if (Object.hasOwn(form.files, part.fieldname)) {
        part.file.resume();
        throw badRequest(`Send one file only in "${part.fieldname.slice(0, 40)}".`);
      }
      const data = await part.toBuffer();
      // No bytes are no picture or document: the same answer as any other unaccepted content.
      if (data.length === 0) throw new AppError(415, 'ValidationError', 'The uploaded file is empty.');
      form.files[part.fieldname] = data;
      form.fileMeta[part.fieldname] = { mimetype: part.mimetype, filename: part.filename };
    } else {
      if (Object.hasOwn(form.fields, part.fieldname))
        throw badRequest(`The field "${part.fieldname.slice(0, 40)}" is sent twice.`);
      if (textFields && !textFields.includes(part.fieldname))
        throw badRequest(`Unexpected field "${part.fieldname.slice(0, 40)}".`);
      form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  }
}
