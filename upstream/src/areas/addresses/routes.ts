import type { FastifyInstance } from 'fastify';
import { isPhone, RuleText } from '@pharma/domain/validation';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireSession } from '../../lib/auth';
import { flag, ok, parse, pathId } from '../../lib/http';
import * as addresses from './service';
import { listAddresses } from './store';

/** VAL-02: a delivery address's phone is a mobile number or a landline. */
export const PHONE_MESSAGE = RuleText.phone;

const text = (missing: string, max: number) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `最多${max}个字`);

const addressBody = z.object(
  {
    consignee: text('请输入收货人', 20),
    phone: z.string({ error: PHONE_MESSAGE }).trim().refine(isPhone, PHONE_MESSAGE),
    province: text('请选择省份', 20),
    city: text('请选择城市', 20),
    district: text('请选择区县', 20),
    address: text('请输入详细地址', 120),
    is_default: flag('is_default只能是0或1').default(0),
  },
  { error: '请填写收货地址' },
);

/** The buyer's delivery addresses; the rules are in ./service. */
export function addressRoutes(app: FastifyInstance, { db }: AppContext): void {
  const addressId = (params: unknown) => pathId(params, 'id', addresses.addressNotFound);

  app.get('/api/user/address', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await listAddresses(db, userId));
  });

  app.post('/api/user/address', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(addressBody, request.body);
    return ok(await addresses.createAddress(db, userId, body), '添加成功');
  });

  app.post('/api/user/address/:id', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = addressId(request.params);
    const body = parse(addressBody, request.body);
    return ok(await addresses.updateAddress(db, userId, id, body), '修改成功');
  });

  app.post('/api/user/address/:id/default', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await addresses.setDefaultAddress(db, userId, addressId(request.params)), '已设为默认地址');
  });

  app.delete('/api/user/address/:id', async (request) => {
    const { userId } = await requireSession(db, request);
    await addresses.deleteAddress(db, userId, addressId(request.params));
    return ok(null, '删除成功');
  });
}
