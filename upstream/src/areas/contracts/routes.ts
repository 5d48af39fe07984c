import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sellerOf } from '../../config';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { flag, ok, parse, wholeNumber } from '../../lib/http';
import * as contracts from './service';

// CONTRACT-03: the version read, the name the signer typed (as on an ID card: 2 to 30 characters) and agree=1.
const signBody = z.object(
  {
    version: wholeNumber('合同版本不正确', 1),
    signer_name: z
      .string({ error: '请输入签署人姓名' })
      .trim()
      .min(2, '请输入签署人姓名（至少2个字）')
      .max(30, '签署人姓名最多30个字'),
    agree: flag('请先阅读并同意合同条款').refine((v) => v === 1, '请先阅读并同意合同条款'),
  },
  { error: '请先阅读并同意合同条款' },
);

/** The buyer's company's purchase e-contract; the rules are in ./service. */
export function contractRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  // CONTRACT-02, INFO-08: 乙方 is the configured seller.
  const seller = sellerOf(config);
  app.get('/api/user/contract', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await contracts.contractFor(db, userId, seller));
  });

  app.post('/api/user/contract/sign', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(signBody, request.body);
    // The address kept with the signature is the one that called; it is stored there and logged nowhere.
    const { contract, signedNow } = await db.transaction((tx) => contracts.sign(tx, userId, request.ip, body, seller));
    return ok(contract, signedNow ? '合同签署成功' : '贵单位已签署该合同');
  });
}
