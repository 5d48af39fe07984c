import type { FastifyInstance } from 'fastify';
import { TITLE_LIMITS, TitleText, normaliseBankAccount, taxIdProblem } from '@pharma/domain/invoice-title';
import { charCount, isPhone } from '@pharma/domain/validation';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { idField, listOf, ok, parse } from '../../lib/http';
import { orderableLines } from '../../lib/checkout';
import * as titles from './service';

const limited = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((s) => charCount(s) <= max, message);

// VAL-27..VAL-30: the same rules the web checks before sending (domain/src/invoice-title.ts).
const titleBody = z.object(
  {
    name: z
      .string({ error: TitleText.nameRequired })
      .trim()
      .min(1, TitleText.nameRequired)
      .refine((s) => charCount(s) <= TITLE_LIMITS.name, TitleText.name),
    tax_id: z
      .string({ error: TitleText.taxIdRequired })
      .trim()
      .superRefine((s, ctx) => {
        const problem = taxIdProblem(s);
        if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
      }),
    address: limited(TITLE_LIMITS.address, TitleText.address).default(''),
    phone: z
      .string({ error: TitleText.phone })
      .trim()
      .refine((s) => s === '' || isPhone(s), TitleText.phone)
      .default(''),
    bank: limited(TITLE_LIMITS.bank, TitleText.bank).default(''),
    bank_account: z
      .string({ error: TitleText.bankAccount })
      .transform(normaliseBankAccount)
      .refine((s) => s === '' || /^\d{8,30}$/.test(s), TitleText.bankAccount)
      .default(''),
  },
  { error: TitleText.nameRequired },
);

const optionsQuery = z.object(
  { cart_ids: listOf(idField('购物车商品不存在'), '请选择商品', 500) },
  { error: '请选择商品' },
);

/** The company's invoice title and the checkout's invoice choices; the rules are in ./service. */
export function invoiceTitleRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/user/invoice_title', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await titles.invoiceTitle(db, userId));
  });

  app.post('/api/user/invoice_title', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(titleBody, request.body);
    return ok(await titles.saveInvoiceTitle(db, userId, body), '发票抬头已保存');
  });

  app.get('/api/order/invoice_options', async (request) => {
    const { userId } = await requireSession(db, request);
    const { cart_ids } = parse(optionsQuery, request.query);
    // Only the buyer's own cart lines are read: another buyer's ids are as absent as unknown ones.
    const lines = await orderableLines(db, userId, cart_ids);
    return ok(await titles.invoiceOptions(db, userId, lines));
  });
}
