import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartBody } from '@circuits/contracts';
// Adds request.isMultipart() and request.parts() to Fastify's request type.
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UploadLimits } from '../config.ts';
import { describeBytes } from '../lib/byte-sizes.ts';
import { fileNameProblem } from './control-characters.ts';
import { AppError, validationFailed } from './errors.ts';
import type { StagingSpace, UploadStaging } from './upload-staging.ts';

/** A file part of a form, staged on local disk until the request ends. */
export type UploadedFile = {
  /** The name the client gave; only ever shown (after sanitising), never used as a path. */
  fileName: string;
  path: string;
  size: number;
  /** The staging space of its request, where files taken out of it (archives) go too. */
  staging: StagingSpace;
};

/** File parts by field name ("files[]" is filed under "files"). */
export type UploadedFiles = Readonly<Record<string, readonly UploadedFile[]>>;

export type ReceivedForm = {
  fields: unknown;
  files: UploadedFiles;
  /** Removes the staged files; the router calls it when the request is answered. */
  cleanup(): Promise<void>;
};

const MAX_TEXT_FIELDS = 100;
const MAX_TEXT_FIELD_BYTES = 1024 * 1024;

const MIB = 1024 * 1024;

// What a form holds besides its files (boundaries, part headers, text fields), at most: a
// declared body larger than the upload limit plus this is refused before it is read.
const MAX_FORM_OVERHEAD_BYTES = 2 * MIB;

export const tooLarge = (message: string) => new AppError('payload_too_large', message);

function fieldNameOf(raw: string): string {
  return raw.endsWith('[]') ? raw.slice(0, -2) : raw;
}

/** Zod issues of the text fields as field messages (first message per field). */
function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    messages[field] ??= issue.message;
  }
  return messages;
}

/** Counts the bytes of one file part and stops the upload at a limit. */
function byteCounter(onBytes: (count: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        onBytes(chunk.length);
        callback(null, chunk);
      } catch (error) {
        callback(error as Error);
      }
    },
  });
}

/** The body size the client declares, when it does (a chunked body does not). */
function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  return header && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
}

/**
 * Reads a multipart/form-data request: text fields are validated with the contract's schema and
 * files are streamed to a staging folder within the upload limits (per file, per request, number
 * of files, and the room left in the staging area of the instance, held for the declared size
 * before anything is read). `charge` counts the upload against the caller's allowance: the
 * declared size before anything is read, or the bytes received when no size was declared.
 * Anything refused removes what was staged. Nothing reaches the file storage here.
 */
export async function receiveForm(
  request: FastifyRequest,
  body: MultipartBody,
  limits: UploadLimits,
  staging: UploadStaging,
  charge: (bytes: number) => Promise<void>,
): Promise<ReceivedForm> {
  if (!request.isMultipart()) {
    throw new AppError(
      'unsupported_media_type',
      'Send this form as multipart/form-data (the files and fields of a form)',
    );
  }
  const declared = declaredLength(request);
  if (declared !== undefined && declared > limits.maxRequestBytes + MAX_FORM_OVERHEAD_BYTES) {
    throw tooLarge(
      `The upload is larger than the ${describeBytes(limits.maxRequestBytes)} limit per request (UPLOAD_MAX_REQUEST_BYTES)`,
    );
  }
  if (declared !== undefined) await charge(declared);
  const space = await staging.open();
  const directory = space.directory;
  const cleanup = () => space.release();

  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile[]> = {};
  let fileCount = 0;
  let requestBytes = 0;
  try {
    if (declared !== undefined) space.reserve(declared);
    const parts = request.parts({
      limits: {
        // One byte over our own limits, so the counter below (which names the file) trips first.
        fileSize: Math.max(limits.maxFileBytes, limits.maxCoverBytes) + 1,
        fields: MAX_TEXT_FIELDS,
        fieldSize: MAX_TEXT_FIELD_BYTES,
        files: limits.maxFiles + Object.keys(body.files).length,
      },
    });
    for await (const part of parts) {
      const field = fieldNameOf(part.fieldname);
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[field] = part.value;
        continue;
      }
      const declared = body.files[field];
      if (!declared) {
        part.file.resume();
        throw validationFailed({ [field]: `This form takes no file in "${field}"` });
      }
      // Browsers send an empty, nameless part for a file input left empty.
      if (part.filename === '') {
        part.file.resume();
        continue;
      }
      const badName = fileNameProblem(part.filename);
      if (badName) {
        part.file.resume();
        throw validationFailed({ [field]: badName });
      }
      const list = files[field] ?? [];
      files[field] = list;
      fileCount += 1;
      if (list.length >= declared.maxCount || fileCount > limits.maxFiles) {
        part.file.resume();
        throw tooLarge(
          list.length >= declared.maxCount
            ? `"${field}" takes at most ${declared.maxCount} file${declared.maxCount === 1 ? '' : 's'}`
            : `An upload may hold at most ${limits.maxFiles} files (UPLOAD_MAX_FILES)`,
        );
      }
      const fileLimit = field === 'cover' ? limits.maxCoverBytes : limits.maxFileBytes;
      const limitName = field === 'cover' ? 'UPLOAD_MAX_COVER_BYTES' : 'UPLOAD_MAX_FILE_BYTES';
      const target = path.join(directory, String(fileCount));
      let size = 0;
      await pipeline(
        part.file,
        byteCounter((count) => {
          size += count;
          requestBytes += count;
          space.reserve(requestBytes);
          if (size > fileLimit) {
            throw tooLarge(
              `${part.filename} is larger than the ${describeBytes(fileLimit)} limit per file (${limitName})`,
            );
          }
          if (requestBytes > limits.maxRequestBytes) {
            throw tooLarge(
              `The upload is larger than the ${describeBytes(limits.maxRequestBytes)} limit per request (UPLOAD_MAX_REQUEST_BYTES)`,
            );
          }
        }),
        fs.createWriteStream(target),
      );
      list.push({ fileName: part.filename, path: target, size, staging: space });
    }
    if (declared === undefined) await charge(requestBytes);

    const parsed = body.fields.safeParse(fields);
    if (!parsed.success) throw validationFailed(fieldMessages(parsed.error));
    for (const [field, declared] of Object.entries(body.files)) {
      if (declared.required && !files[field]?.length) {
        throw validationFailed({ [field]: 'Choose at least one file' });
      }
    }
    return { fields: parsed.data, files, cleanup };
  } catch (error) {
    await cleanup();
    throw translateMultipartError(error, limits);
  }
}

/** @fastify/multipart's own limit errors, in the words of the upload limits. */
function translateMultipartError(error: unknown, limits: UploadLimits): unknown {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(
        `A file is larger than the ${describeBytes(limits.maxFileBytes)} limit per file (UPLOAD_MAX_FILE_BYTES)`,
      );
    case 'FST_FILES_LIMIT':
      return tooLarge(`An upload may hold at most ${limits.maxFiles} files (UPLOAD_MAX_FILES)`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return tooLarge(`A form may hold at most ${MAX_TEXT_FIELDS} fields`);
    default:
      return error;
  }
}
