import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { Wording } from '@pharma/domain/wording';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { formError, idField, ok, parse, wholeNumber } from '../../lib/http';
import { guardStrings } from '../../lib/text-guard';
import { MAX_FILE_BYTES, MAX_QUANTITY, MAX_ROWS, MAX_TEXT_BYTES, parseText, TOO_LARGE_TEXT } from './parse';
import { SheetReader } from './sheet-pool';
import type { ListRow } from './parse';
import * as purchaseList from './service';

const CHOOSE_LIST = '请粘贴采购单或选择要上传的文件';

const textBody = z.object({ text: z.string({ error: CHOOSE_LIST }) }, { error: CHOOSE_LIST });
const importBody = z.object(
  {
    params: z
      .array(
        z.object(
          { goods_id: idField('商品不存在'), number: wholeNumber(Wording.quantity, 1, MAX_QUANTITY) },
          { error: Wording.chooseGoods },
        ),
        { error: Wording.chooseGoods },
      )
      .min(1, Wording.chooseGoods)
      .max(MAX_ROWS, `一次最多加入${MAX_ROWS}种商品`),
  },
  { error: Wording.chooseGoods },
);

function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** Purchase lists (IMPORT-01..IMPORT-06): read and matched here, added through the cart's rules. */
export function purchaseListRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  // IMPORT-10: files are read in worker threads, started with the first upload and ended with the app.
  const sheets = new SheetReader({ threads: config.importWorkers ?? 1 });
  app.addHook('onClose', () => sheets.close());
  // Encapsulated like the files area: multipart bodies reach the match route only.
  app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte over the limit is enough to know a file is too large (IMPORT-02).
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 2, fieldSize: MAX_TEXT_BYTES, parts: 3 },
    });

    scope.post('/api/cart/match', async (request) => {
      await requireSession(db, request);
      let rows: ListRow[];
      if (request.isMultipart()) {
        let text: string | undefined;
        let upload: { filename: string; bytes: Uint8Array } | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const bytes = new Uint8Array(await part.toBuffer());
              if (part.fieldname === 'file' && upload === undefined) upload = { filename: part.filename, bytes };
            } else if (part.fieldname === 'text' && typeof part.value === 'string') {
              text = part.value;
            }
          }
        } catch (error) {
          if (isTooLarge(error)) throw formError({ file: [TOO_LARGE_TEXT] });
          throw error;
        }
        // Fields read from the parts themselves pass the same text rule as parsed bodies (VAL-20).
        const fields = { text, filename: upload?.filename };
        guardStrings(fields);
        if (upload !== undefined) rows = await sheets.read(upload.bytes, upload.filename);
        else if (fields.text !== undefined) rows = parseText(fields.text);
        else throw formError({ text: [CHOOSE_LIST] });
      } else {
        rows = parseText(parse(textBody, request.body).text);
      }
      return ok(await purchaseList.matchList(db, rows, config.publicUrl));
    });
  });

  app.post('/api/cart/import', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(importBody, request.body);
    const result = await purchaseList.importLines(db, userId, body.params);
    const message =
      result.failed.length === 0
        ? `已加入购物车${result.added.length}种商品`
        : result.added.length === 0
          ? '商品均未能加入购物车'
          : `已加入购物车${result.added.length}种商品，${result.failed.length}种未能加入`;
    return ok(result, message);
  });
}
