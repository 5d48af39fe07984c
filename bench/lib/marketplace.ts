// Buyers and carts for the bench, made through the upstream's REST API the way a client makes them.
import qs from 'qs';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export interface GoodsRow {
  id: number;
  is_buy: number;
  number: number;
}

export async function rest<T>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  form?: Record<string, unknown>,
): Promise<T> {
  const response = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(form ? { body: qs.stringify(form, { arrayFormat: 'indices' }) } : {}),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

export async function restLogin(base: string, username: string, password = 'demo1234'): Promise<string> {
  const response = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: qs.stringify({ username, password }),
  });
  const envelope = (await response.json()) as Envelope<{ token: string }>;
  if (!response.ok) throw new Error(`login ${username}: ${envelope.message}`);
  return envelope.data.token;
}

/** Goods a buyer can put in a cart (buyable, in stock), in catalogue order. */
export async function buyableGoods(base: string, token: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ids.length < count; page++) {
    const data = await rest<{ data: GoodsRow[]; last_page: number }>(
      base,
      'GET',
      `/api/goods/list?page_size=100&page=${page}`,
      token,
    );
    for (const goods of data.data) if (goods.is_buy === 1 && goods.number >= 10) ids.push(goods.id);
    if (page >= data.last_page) break;
  }
  if (ids.length < count) throw new Error(`the catalogue has only ${ids.length} buyable goods; ${count} needed`);
  return ids.slice(0, count);
}

/** Empties the buyer's cart and fills it with one of each of `goodsIds`; answers the line ids. */
export async function fillCart(base: string, token: string, goodsIds: number[]): Promise<string[]> {
  const before = await rest<{ data: { id: number }[] }>(base, 'GET', '/api/cart/list?filters=99999&new=1', token);
  if (before.data.length > 0) {
    await rest(base, 'POST', '/api/cart/batch_delete', token, { ids: before.data.map((line) => line.id) });
  }
  for (let i = 0; i < goodsIds.length; i += 50) {
    const params = goodsIds.slice(i, i + 50).map((id) => ({ goods_id: id, number: 1 }));
    await rest(base, 'POST', '/api/cart', token, { params });
  }
  const after = await rest<{ data: { id: number }[] }>(base, 'GET', '/api/cart/list?filters=99999&new=1', token);
  return after.data.map((line) => String(line.id));
}
