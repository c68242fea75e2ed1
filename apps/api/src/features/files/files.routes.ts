import { MAX_ROW_ID, apiErrorDetails } from '@fd/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schema.ts';
import { createSignedFileUrls, FILES_ROUTE } from '../../lib/signed-url.ts';
import {
  InvalidStorageKeyError,
  StoredFileNotFoundError,
  type FileStorage,
} from '../../lib/storage/file-storage.ts';
import { isStoredFileKind, storedFileSources } from '../../lib/storage/stored-file-sources.ts';
import { contentDisposition, safeContentType } from './download-headers.ts';

export type FilesRoutesOptions = {
  database: Database;
  config: Pick<Config, 'jwt'>;
  now: () => Date;
  /** The server's one storage (createFileStorage, chosen in app.ts). */
  storage: FileStorage;
};

const downloadErrors = {
  invalid: 'This download link is invalid.',
  expired: 'This download link has expired. Reload the page to get a new one.',
  gone: 'This file is no longer available.',
} as const;

/**
 * GET /files/{kind}/{id}?expires=…&signature=…: public (no bearer header), the
 * signature is the credential. Mount under API_BASE_PATH, outside the
 * manager-only scope:
 *   await api.register(filesRoutes, { database, config, now, storage });
 */
// A repeated or missing part makes the link invalid (403), like any other tampering.
const linkPart = z.union([z.string(), z.array(z.string())]).optional();

const downloadSchema = {
  operationId: 'downloadFile',
  summary: 'Download a stored file through the signed link a detail answer gave',
  description:
    'Public: the signature is the credential, so the link opens in a new tab. Answers the file as an attachment with its stored content type.',
  tags: ['files'],
  security: [],
  // Checked by the signature, not here: a bad value is a bad link (403), not bad input. The
  // document states what a link the server made holds.
  params: z.object({
    kind: z.string().meta({ enum: Object.keys(storedFileSources) }),
    id: z.string().meta({ type: 'integer', minimum: 1, maximum: MAX_ROW_ID }),
  }),
  querystring: z.object({
    expires: linkPart.describe('When the link stops working (Unix seconds).'),
    signature: linkPart.describe('HMAC of the kind, id and expiry.'),
  }),
  response: {
    200: {
      description: 'The file, as an attachment.',
      content: { 'application/octet-stream': { schema: z.string() } },
    },
    ...errorResponses(400, 403, 404),
  },
};

export const filesRoutes: FastifyPluginAsync<FilesRoutesOptions> = async (
  fastify,
  { database, config, now, storage },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const fileUrls = createSignedFileUrls({ secret: config.jwt.secret, now });

  app.get(FILES_ROUTE, { schema: downloadSchema }, async (request, reply) => {
    const { kind, id } = request.params;
    const check = fileUrls.check(kind, id, request.query.expires, request.query.signature);
    if (!check.valid) throw new AppError(403, downloadErrors[check.reason]);
    // A valid signature means we built this URL: the kind is known and the id canonical.
    if (!isStoredFileKind(kind) || !/^[1-9]\d{0,9}$/.test(id)) {
      throw new AppError(403, downloadErrors.invalid);
    }

    const record = await storedFileSources[kind](database.db, Number(id));
    if (!record) throw new AppError(404, apiErrorDetails.notFound);

    let opened;
    try {
      opened = await storage.open(record.storageKey);
    } catch (error) {
      if (error instanceof StoredFileNotFoundError || error instanceof InvalidStorageKeyError) {
        request.log.warn({ err: error, kind, id }, 'Download: the stored file is missing');
        throw new AppError(404, downloadErrors.gone);
      }
      throw error;
    }

    const secondsLeft = Math.max(
      0,
      Math.floor((check.expiresAt.getTime() - now().getTime()) / 1000),
    );
    return (
      reply
        .header('content-type', safeContentType(record.contentType))
        .header('content-length', opened.size)
        .header('content-disposition', contentDisposition(record.fileName))
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .header('x-content-type-options', 'nosniff')
        // Bytes, streamed: the 200 schema describes them for the document; nothing serialises them.
        .send(opened.stream as unknown as string)
    );
  });
};
