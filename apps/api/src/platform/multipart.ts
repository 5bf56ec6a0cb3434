import { messages } from '@campwise/contract/messages';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, issueMessage } from './errors.ts';
import { MAX_IMAGE_BYTES } from './images.ts';

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
  /** The name each file had on the sender's device (shown to people, never used as a key). */
  fileNames: Record<string, string>;
}

/**
 * Reads a multipart request: text fields, and the named file fields as buffers (at most
 * 10 MB each). Unknown file fields, repeated names and other content types are refused.
 */
/**
 * How a client's field name may appear in an error reply: a plain name as it is, anything else
 * (markup, say) as the form as a whole, so no reply repeats what the client typed.
 */
function replyFieldName(name: string): string {
  return /^[A-Za-z][\w.]{0,63}$/.test(name) ? name : 'body';
}

export async function readMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
): Promise<MultipartForm> {
  if (!request.isMultipart())
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType);
  const form: MultipartForm = { fields: {}, files: {}, fileNames: {} };
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_IMAGE_BYTES, files: fileFields.length },
    })) {
      if (part.fieldname in form.fields || part.fieldname in form.files) {
        throw badRequest(messages.invalidInput, { [replyFieldName(part.fieldname)]: messages.invalidInput });
      }
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) throw badRequest(messages.invalidInput);
        const bytes = await part.toBuffer().catch((error: unknown) => {
          if ((error as { code?: unknown }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
          throw new AppError(413, 'TOO_LARGE', messages.imageTooLarge, {
            [part.fieldname]: messages.imageTooLarge,
          });
        });
        // An empty file input (nothing chosen) arrives as a file part with no bytes.
        if (bytes.length > 0) {
          form.files[part.fieldname] = bytes;
          form.fileNames[part.fieldname] = part.filename;
        }
      } else {
        form.fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'TOO_LARGE', messages.imageTooLarge);
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest(messages.invalidInput);
    // The parser's own errors carry no code: a form without its boundary, cut short, or with
    // broken part headers. Reading the form involves nothing else that could fail.
    throw badRequest(messages.invalidInput);
  }
  return form;
}

/** Route schema fragment for the OpenAPI document of a multipart call. */
export const multipartBody = { consumes: ['multipart/form-data'] };

/** Multipart fields go through the same zod schema a JSON body would, with the same errors. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    problems[issue.path.join('.') || 'body'] ??= issueMessage(issue.code, issue.message);
  }
  const first = parsed.error.issues[0];
  throw new AppError(400, 'VALIDATION_ERROR', issueMessage(first?.code, first?.message), problems);
}
