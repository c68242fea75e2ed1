/**
 * Multipart uploads (decision 24). A route that takes files says `config: { multipart: true }`
 * (plugins/json-body.ts refuses multipart elsewhere) and declares one body schema, which
 * the JSON body and the multipart fields both meet: text parts become strings, and each file
 * part becomes a `StagedUpload` (`stagedUploadSchema`), which no JSON body can produce.
 *
 * A file is streamed — before the handler runs, so before any database work — through the
 * size limit and the content sniffer into the storage's staging area. The handler `claim`s
 * what it keeps; whatever is unclaimed when the request ends (refused, failed, aborted) is
 * discarded, so a refused upload leaves no file.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import { apiErrorDetails, uploadFileTypes, type UploadContentType } from '@fd/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import type { FileStorage } from '../lib/storage/file-storage.ts';
import { createContentSniffer } from '../lib/uploads/content-sniffer.ts';

/** A file of a multipart request, on disk in the staging area, of an allowed type. */
export class StagedUpload {
  constructor(
    readonly storageKey: string,
    /** As the client named it, cleaned for display and the download's file name. */
    readonly fileName: string,
    /** As the bytes say, never as the client declared. */
    readonly contentType: UploadContentType,
    /** Bytes. */
    readonly size: number,
  ) {}
}

/**
 * A body field holding a file part; in JSON, or as a text part, it is a 400 naming the field.
 * `missingMessage`, when given, is what a request without the part is told.
 */
export const stagedUploadSchema = (field: string, missingMessage?: string) => {
  const schema = z
    .instanceof(StagedUpload, {
      error: (issue) =>
        issue.input === undefined && missingMessage
          ? missingMessage
          : `${field} must be a file sent as multipart/form-data.`,
    })
    // In the document: a file part, not empty (lib/api-document.ts keeps it out of JSON bodies).
    .meta({
      type: 'string',
      format: 'binary',
      contentMediaType: 'application/octet-stream',
      minLength: 1,
    });
  fileFields.add(schema);
  return schema;
};

/** The body fields that take a file part (`stagedUploadSchema`). */
const fileFields = new WeakSet<object>();

type UploadState = 'staged' | 'claimed' | 'discarded';
const uploadsOf = new WeakMap<FastifyRequest, Map<StagedUpload, UploadState>>();

/**
 * The handler takes the upload over: from here on it commits or discards it itself.
 * False when the request was already given up (the client went away) and the file is gone.
 */
export function claimUpload(request: FastifyRequest, upload: StagedUpload): boolean {
  const uploads = uploadsOf.get(request);
  if (uploads?.get(upload) !== 'staged') return false;
  uploads.set(upload, 'claimed');
  return true;
}

const uploadTypeOf = (contentType: UploadContentType) =>
  uploadFileTypes.find((type) => type.contentType === contentType)!;

/**
 * The client's name for the file, safe to store and to send back in a header, ending in an
 * extension of the type its bytes are: a name without one is given the type's first; a name
 * with another (`page.html` holding a PNG, `setup.exe` holding a PDF) is undefined — refused
 * (docs/decisions/066-an-upload-s-name-agrees-with-its-bytes.md).
 */
export function cleanFileName(
  name: string | undefined,
  contentType: UploadContentType,
): string | undefined {
  const cleaned = (name ?? '')
    .normalize('NFC')
    // Path parts, control characters and the characters a header or a file system dislikes.
    .replace(/^.*[/\\]/, '')
    .replace(/[\p{Cc}\p{Cf}"<>:|?*]/gu, '')
    .trim()
    .slice(0, 200);
  const { extensions } = uploadTypeOf(contentType);
  const [first] = extensions;
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return `upload.${first}`;
  const dot = cleaned.lastIndexOf('.');
  // A leading dot (`.pdf`) names a hidden file, not an extension.
  if (dot <= 0) return `${cleaned}.${first}`;
  const extension = cleaned.slice(dot + 1).toLowerCase();
  return (extensions as readonly string[]).includes(extension) ? cleaned : undefined;
}

export interface UploadsOptions {
  storage: FileStorage;
  maxBytes: number;
}

/** Text parts: the longest field is a 5 000-character message (up to 4 bytes a character). */
const FIELD_MAX_BYTES = 64 * 1024;

export const uploadsPlugin = fp<UploadsOptions>(
  async (app, { storage, maxBytes }) => {
    async function discardUnclaimed(request: FastifyRequest) {
      const uploads = uploadsOf.get(request);
      if (!uploads) return;
      for (const [upload, state] of uploads) {
        if (state !== 'staged') continue;
        uploads.set(upload, 'discarded');
        await storage.discard(upload.storageKey).catch((error: unknown) => {
          request.log.error({ err: error }, 'Could not discard a staged upload');
        });
      }
    }

    async function onFile(this: FastifyRequest, part: MultipartFile) {
      // A file where the route takes text is refused before a byte is stored.
      const body = this.routeOptions.schema?.body as
        { shape?: Record<string, unknown> } | undefined;
      const field = body?.shape?.[part.fieldname];
      const declared = field instanceof z.ZodOptional ? field.unwrap() : field;
      const isFileField =
        typeof declared === 'object' && declared !== null && fileFields.has(declared);
      if (declared !== undefined && !isFileField) {
        part.file.resume();
        const message = apiErrorDetails.fileWhereTextExpected(part.fieldname);
        throw new AppError(400, message, { [part.fieldname]: [message] });
      }
      const sniffer = createContentSniffer();
      // The storage attaches its pipeline after an await: until then an error must not escape.
      sniffer.stream.on('error', () => {});
      // A cut connection, or one byte over the limit, stops the write and removes the part.
      part.file.once('error', (error) => sniffer.stream.destroy(error));
      part.file.once('limit', () => {
        sniffer.stream.destroy(new AppError(413, apiErrorDetails.uploadTooLarge(maxBytes)));
        // Read the rest into nothing, so the parser is not left waiting on this part.
        part.file.resume();
      });
      const staged = await storage.stage(part.file.pipe(sniffer.stream));
      const contentType = sniffer.result();
      const fileName = contentType && cleanFileName(part.filename, contentType);
      const refuse = (status: number, message: string) =>
        new AppError(status, message, { [part.fieldname]: [message] });
      const refusal =
        staged.size === 0
          ? refuse(400, apiErrorDetails.uploadEmpty)
          : contentType === undefined
            ? refuse(415, apiErrorDetails.uploadWrongType)
            : fileName === undefined
              ? refuse(
                  415,
                  apiErrorDetails.uploadNameMismatch(
                    uploadTypeOf(contentType).label,
                    uploadTypeOf(contentType).extensions,
                  ),
                )
              : undefined;
      if (refusal || contentType === undefined || fileName === undefined) {
        await storage.discard(staged.storageKey);
        throw refusal;
      }
      const upload = new StagedUpload(staged.storageKey, fileName, contentType, staged.size);
      let uploads = uploadsOf.get(this);
      if (!uploads) uploadsOf.set(this, (uploads = new Map()));
      uploads.set(upload, 'staged');
      // keyValues mode puts `value` in the body under the part's field name.
      (part as MultipartFile & { value: StagedUpload }).value = upload;
    }

    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile,
      throwFileSizeLimit: false,
      limits: {
        fileSize: maxBytes,
        files: 1,
        fields: 12,
        parts: 13,
        fieldSize: FIELD_MAX_BYTES,
        fieldNameSize: 100,
        headerPairs: 50,
      },
    });
    // Before the answer leaves, so a refused upload is gone when the client reads the refusal;
    // the other two for requests that end without one.
    app.addHook('onSend', async (request) => discardUnclaimed(request));
    app.addHook('onResponse', discardUnclaimed);
    app.addHook('onRequestAbort', discardUnclaimed);
  },
  { name: 'uploads', dependencies: ['json-body'] },
);
