import { apiErrorDetails } from '@fd/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { createSignedFileUrls, FILES_ROUTE } from '../../lib/signed-url.ts';
import {
  InvalidStorageKeyError,
  StoredFileNotFoundError,
  type FileStorage,
} from '../../lib/storage/file-storage.ts';
import { createLocalFileStorage } from '../../lib/storage/local-file-storage.ts';
import { isStoredFileKind, storedFileSources } from '../../lib/storage/stored-file-sources.ts';
import { contentDisposition, safeContentType } from './download-headers.ts';

export type FilesRoutesOptions = {
  database: Database;
  config: Pick<Config, 'jwt' | 'filesDir'>;
  now: () => Date;
  /** Defaults to the local folder `config.filesDir`. */
  storage?: FileStorage;
};

export const downloadErrors = {
  invalid: 'This download link is invalid.',
  expired: 'This download link has expired. Reload the page to get a new one.',
  gone: 'This file is no longer available.',
} as const;

/**
 * GET /files/{kind}/{id}?expires=…&signature=…: public (no bearer header), the
 * signature is the credential. Mount under API_BASE_PATH, outside the
 * manager-only scope:
 *   await api.register(filesRoutes, { database, config, now });
 */
export const filesRoutes: FastifyPluginAsync<FilesRoutesOptions> = async (
  app,
  { database, config, now, storage = createLocalFileStorage(config.filesDir) },
) => {
  const fileUrls = createSignedFileUrls({ secret: config.jwt.secret, now });

  app.get<{ Params: { kind: string; id: string }; Querystring: Record<string, unknown> }>(
    FILES_ROUTE,
    async (request, reply) => {
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
      return reply
        .header('content-type', safeContentType(record.contentType))
        .header('content-length', opened.size)
        .header('content-disposition', contentDisposition(record.fileName))
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .header('x-content-type-options', 'nosniff')
        .send(opened.stream);
    },
  );
};
