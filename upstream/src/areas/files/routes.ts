import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { formError, ok, pathId } from '../../lib/http';
import { guardStrings } from '../../lib/text-guard';
import * as files from './service';
import type { FilePurpose } from './store';

const isPurpose = (value: string): value is FilePurpose => (files.PURPOSES as readonly string[]).includes(value);

function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** Uploads (multipart, only on this route) and reading one's own files back (FILE-01, FILE-02). */
export function fileRoutes(app: FastifyInstance, { db }: AppContext): void {
  // Encapsulated: multipart bodies are accepted by the upload route only; every other route still answers 415.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: files.MAX_FILE_BYTES, files: 1, fields: 4, fieldSize: 200, parts: 5 },
    });

    scope.post('/api/user/upload', async (request) => {
      const { userId } = await requireSession(db, request);
      if (!request.isMultipart()) throw formError({ file: ['请选择要上传的文件'] });
      let purpose: string | undefined;
      let upload: { filename: string; bytes: Uint8Array } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || upload !== undefined) {
              await part.toBuffer();
              continue;
            }
            upload = { filename: part.filename, bytes: new Uint8Array(await part.toBuffer()) };
          } else if (part.fieldname === 'purpose' && typeof part.value === 'string') {
            purpose = part.value.trim();
          }
        }
      } catch (error) {
        if (isTooLarge(error)) throw files.tooLarge();
        throw error;
      }
      if (purpose === undefined || !isPurpose(purpose)) throw formError({ purpose: ['上传用途不正确'] });
      if (upload === undefined) throw formError({ file: ['请选择要上传的文件'] });
      // The file's name is kept and shown again: the text rule of parsed bodies holds for it too (VAL-20).
      guardStrings({ filename: upload.filename });
      return ok(await files.uploadFile(db, userId, { purpose, ...upload }), '上传成功');
    });
  });

  app.get('/api/user/file/:id', async (request, reply) => {
    const { userId } = await requireSession(db, request);
    const file = await files.ownFile(db, userId, pathId(request.params, 'id', files.fileNotFound));
    return reply
      .header('content-type', file.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', files.contentDisposition(file.name))
      .header('cache-control', 'private, max-age=3600')
      .send(Buffer.from(file.bytes));
  });
}
