import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { Wording } from '@pharma/domain/wording';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { formError, idField, ok, parse, wholeNumber } from '../../lib/http';
import { guardStrings } from '../../lib/text-guard';
import {
  COLUMNS,
  MAX_COLUMNS,
  MAX_FILE_BYTES,
  MAX_QUANTITY,
  MAX_ROWS,
  MAX_TEXT_BYTES,
  readText,
  TOO_LARGE_TEXT,
  type Column,
  type ColumnMapping,
  type ListRead,
} from './parse';
import { SheetReader } from './sheet-pool';
import * as purchaseList from './service';

const CHOOSE_LIST = '请粘贴采购单或选择要上传的文件';

/** IMPORT-17: a mapping must say where the goods are named. */
export const MAPPING_GOODS_TEXT = '请指定商品名称或批准文号所在的列';
export const MAPPING_COLUMN_TEXT = `列的位置须是0到${MAX_COLUMNS - 1}的整数，同一列只能读作一项`;

const mappingSchema = z
  .record(
    z.string(),
    z.union([z.literal(''), z.coerce.number({ error: MAPPING_COLUMN_TEXT }).int(MAPPING_COLUMN_TEXT)]),
    { error: MAPPING_COLUMN_TEXT },
  )
  .optional();
const textBody = z.object({ text: z.string({ error: CHOOSE_LIST }), columns: mappingSchema }, { error: CHOOSE_LIST });

const isColumn = (key: string): key is Column => (COLUMNS as readonly string[]).includes(key);

/**
 * IMPORT-17: the buyer's mapping (field to 0-based column; '' leaves a field unread), or undefined when none was
 * sent. Refused on `columns` when it names an unknown field, a column out of range, one column twice, or neither
 * the name's nor the approval number's column.
 */
export function mappingOf(raw: Record<string, string | number> | undefined): ColumnMapping | undefined {
  if (raw === undefined || Object.keys(raw).length === 0) return undefined;
  const mapping: ColumnMapping = {};
  const used = new Set<number>();
  for (const [key, value] of Object.entries(raw)) {
    if (!isColumn(key)) throw formError({ columns: [MAPPING_COLUMN_TEXT] });
    if (value === '') continue;
    const index = Number(value);
    if (!Number.isSafeInteger(index) || index < 0 || index >= MAX_COLUMNS || used.has(index)) {
      throw formError({ columns: [MAPPING_COLUMN_TEXT] });
    }
    used.add(index);
    mapping[key] = index;
  }
  if (mapping.name === undefined && mapping.pzwh === undefined) throw formError({ columns: [MAPPING_GOODS_TEXT] });
  return mapping;
}
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
      limits: {
        fileSize: MAX_FILE_BYTES,
        files: 1,
        fields: 2 + COLUMNS.length,
        fieldSize: MAX_TEXT_BYTES,
        parts: 3 + COLUMNS.length,
      },
    });

    scope.post('/api/cart/match', async (request) => {
      await requireSession(db, request);
      let read: ListRead;
      if (request.isMultipart()) {
        let text: string | undefined;
        let upload: { filename: string; bytes: Uint8Array } | undefined;
        const columns: Record<string, string> = {};
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const bytes = new Uint8Array(await part.toBuffer());
              if (part.fieldname === 'file' && upload === undefined) upload = { filename: part.filename, bytes };
            } else if (part.fieldname === 'text' && typeof part.value === 'string') {
              text = part.value;
            } else if (typeof part.value === 'string') {
              // IMPORT-17: columns[name]=1, as a form body writes the mapping.
              const key = /^columns\[(\w+)\]$/.exec(part.fieldname)?.[1];
              if (key !== undefined) columns[key] = part.value;
            }
          }
        } catch (error) {
          if (isTooLarge(error)) throw formError({ file: [TOO_LARGE_TEXT] });
          throw error;
        }
        // Fields read from the parts themselves pass the same text rule as parsed bodies (VAL-20).
        const fields = { text, filename: upload?.filename };
        guardStrings(fields);
        const mapping = mappingOf(parse(mappingSchema, columns));
        if (upload !== undefined) read = await sheets.read(upload.bytes, upload.filename, mapping);
        else if (fields.text !== undefined) read = readText(fields.text, mapping);
        else throw formError({ text: [CHOOSE_LIST] });
      } else {
        const body = parse(textBody, request.body);
        read = readText(body.text, mappingOf(body.columns));
      }
      return ok(await purchaseList.matchList(db, read, config.publicUrl));
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
