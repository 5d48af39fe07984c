// Section 3: how many upstream calls each operation of the web client makes, at two sizes of cart and goods page,
// to show the count does not grow with the number of lines.
import { Kind, print, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import * as documents from '../../web/src/gql/graphql';
import type { Marketplace } from '../../tests/testkit/marketplace';
import { DEMO_PAY_PASSWORD } from '../../upstream/src/seed/pay-passwords';
import { buyableGoods, fillCart } from '../lib/marketplace';

interface Operation {
  name: string;
  kind: 'query' | 'mutation';
  text: string;
}

function isDocument(value: unknown): value is DocumentNode {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === Kind.DOCUMENT;
}

/** Every operation the web client sends: the codegen documents, as the build inlines them. */
export function clientOperations(): Operation[] {
  const operations: Operation[] = [];
  for (const [exportName, value] of Object.entries(documents)) {
    if (!exportName.endsWith('Document') || !isDocument(value)) continue;
    const document = value;
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    if (!operation?.name || operation.operation === 'subscription') continue;
    operations.push({ name: operation.name.value, kind: operation.operation, text: print(document) });
  }
  return operations;
}

/** The first id a query lists, for operations that need one (a brand, a combination group, a coupon). */
async function firstId<T>(
  m: Marketplace,
  token: string,
  query: string,
  pick: (data: T) => string | undefined,
): Promise<string> {
  const { body } = await m.gql<T>(query, undefined, { authorization: `Bearer ${token}` });
  const id = body.data ? pick(body.data) : undefined;
  if (id === undefined) throw new Error(`Bench data missing: ${query} listed nothing`);
  return id;
}

interface Count {
  calls: number;
  paths: string[];
  error?: string;
}

export interface CallsResult {
  markdown: string;
  grows: string[];
}

async function countCalls(
  m: Marketplace,
  op: Operation,
  variables: Record<string, unknown>,
  token: string,
): Promise<Count> {
  m.resetCalls();
  const { body } = await m.gql(op.text, variables, { authorization: `Bearer ${token}` });
  const paths = [...m.calls];
  const code = body.errors?.[0]?.extensions?.code;
  return {
    calls: paths.length,
    paths,
    ...(body.errors ? { error: String(code ?? body.errors[0]?.message) } : {}),
  };
}

export async function measureUpstreamCalls(m: Marketplace, sizes: [number, number]): Promise<CallsResult> {
  const operations = clientOperations();
  const byName = new Map(operations.map((op) => [op.name, op]));
  const token = await m.login('demo');
  const goods = await buyableGoods(m.upstreamUrl, token, Math.max(...sizes) + 1);
  const counts = new Map<string, Count[]>();

  for (const size of sizes) {
    const lineIds = await fillCart(m.upstreamUrl, token, goods.slice(0, size));
    const extra = goods[size];
    const run = async (name: string, variables: Record<string, unknown> = {}, as = token) => {
      const op = byName.get(name);
      if (!op) return;
      const list = counts.get(name) ?? [];
      list.push(await countCalls(m, op, variables, as));
      counts.set(name, list);
    };
    await run('Shell');
    await run('Home');
    await run('Viewer');
    await run('ShellCart');
    await run('CartPage');
    await run('GoodsList', { page: 1, pageSize: size });
    await run('GoodsDetail', { id: String(goods[0]) });
    await run('ZoneBanners', { slot: 'PREFERRED' });
    await run('ZoneCategories', { tree: 'PREFERRED' });
    await run('DailySpecials', { page: 1, pageSize: Math.min(size, 50) });
    await run('GroupBuy', { page: 1, pageSize: Math.min(size, 50) });
    await run('Brands');
    const brandId = await firstId<{ brands: { id: string }[] | null }>(
      m,
      token,
      '{ brands { id } }',
      (d) => d.brands?.[0]?.id,
    );
    await run('Brand', { id: brandId });
    await run('CombinationGroups', { kind: 'BUNDLE' });
    const groupId = await firstId<{ combinationGroups: { id: string }[] }>(
      m,
      token,
      '{ combinationGroups(kind: BUNDLE) { id } }',
      (d) => d.combinationGroups[0]?.id,
    );
    await run('Combination', { id: groupId });
    await run('AddCombinationToCart', { combinationId: groupId, sets: 1 });
    const groupBuyId = await firstId<{ groupBuyGoods: { items: { groupBuyId: string }[] } }>(
      m,
      token,
      '{ groupBuyGoods { items { groupBuyId } } }',
      (d) => d.groupBuyGoods.items[0]?.groupBuyId,
    );
    await run('JoinGroupBuy', { groupBuyId, number: 1 });
    await run('ActivityIndex');
    const activityIds = await m.gql<{ activities: { id: string }[] }>('{ activities { id } }');
    const activities = (activityIds.body.data?.activities ?? []).map((a) => a.id);
    await run('ActivityZone', { id: activities[0] ?? '1' });
    await run('ActivityCentre', { ids: activities.slice(0, 4) });
    await run('CategoryNames');
    await run('ControlledSalesSeriesList');
    const seriesList = await m.gql<{ controlledSalesSeriesList: { id: string; adIds: string[] }[] | null }>(
      '{ controlledSalesSeriesList { id adIds } }',
    );
    const series = seriesList.body.data?.controlledSalesSeriesList?.[0];
    await run('ControlledSalesSeries', { id: series?.id ?? '1', adIds: series?.adIds ?? [] });
    await run('CouponCenter', { page: 1, pageSize: 20 });
    await run('AddFavorite', { goodsIds: goods.slice(0, size).map(String) });
    await run('Favorites', { page: 1, pageSize: size });
    await run('RemoveFavorite', { goodsIds: goods.slice(0, size).map(String) });
    await run('SearchSuggestions', { keyword: 'gm', by: 'NAME' });
    await run('WalletPage', { page: 1, pageSize: 20 });
    await run('OrderList', { page: 1, pageSize: 10 });
    await run('UpdateCartLine', { id: lineIds[0], number: 2 });
    await run('SelectCartLines', { ids: lineIds, selected: true });
    await run('AddToCart', { lines: [{ goodsId: String(extra), number: 1 }] });
    await run('ConfirmOrder', { cartLineIds: lineIds });
    await run('CreateAddress', {
      input: {
        consignee: '王药师',
        phone: '13800138000',
        province: '广东省',
        city: '广州市',
        district: '天河区',
        address: '体育西路 1 号',
      },
    });
    const address = await m.gql<{ me: { addresses: { id: string }[] } }>('{ me { addresses { id } } }', undefined, {
      authorization: `Bearer ${token}`,
    });
    const addressId = address.body.data?.me.addresses[0]?.id;
    const placed = await m.gql<{ placeOrder: { order: { id: string } | null } }>(
      byName.get('PlaceOrder')?.text ?? '',
      { input: { cartLineIds: lineIds.slice(0, 1), addressId, idempotencyKey: `bench-${size}-${Date.now()}` } },
      { authorization: `Bearer ${token}` },
    );
    const orderId = placed.body.data?.placeOrder.order?.id ?? '0';
    // PlaceOrder itself is counted on a second order, so the one above can be paid and read.
    const restIds = await fillCart(m.upstreamUrl, token, goods.slice(0, size));
    await run('PlaceOrder', {
      input: { cartLineIds: restIds.slice(0, 1), addressId, idempotencyKey: `bench-b-${size}-${Date.now()}` },
    });
    await run('OrderDetail', { id: orderId });
    await run('PayPage', { orderId });
    await run('DonePage', { id: orderId });
    await run('ReceiptPage', { orderId });
    await run('PayOrder', { orderId, method: 'BALANCE', payPassword: DEMO_PAY_PASSWORD });
    await run('ConfirmReceipt', { orderId, name: '王药师', idCard: '11010519491231002X' });
    await run('CancelOrder', { orderId });
    await run('RemoveCartLines', { ids: restIds.slice(-1) });
    // A centre coupon is taken once per buyer: the second size counts the refusal, which costs the same calls.
    const couponId = await firstId<{ couponCenter: { items: { id: string }[] } | null }>(
      m,
      token,
      '{ couponCenter { items { id } } }',
      (d) => d.couponCenter?.items[0]?.id,
    );
    await run('TakeCoupon', { id: couponId });
    await run('AccountPage');
    await run('LuckyDrawPopup');
    const drawId = await firstId<{ currentLuckyDraw: { id: string } | null }>(
      m,
      token,
      '{ currentLuckyDraw { id } }',
      (d) => d.currentLuckyDraw?.id,
    );
    await run('LuckyDrawPage', { id: drawId });
    // One draw per buyer: the second size counts the repeat, which answers the first record with the same calls.
    await run('DrawLuckyDraw', { id: drawId });
    await run('MyDraws', { page: 1, pageSize: 10 });
    await run('Login', { username: 'demo', password: 'demo1234' });
    await run('Logout', {}, await m.login('demo'));
  }

  const grows: string[] = [];
  const notRun = operations.filter((op) => !counts.has(op.name)).map((op) => op.name);
  const rows = operations.map((op) => {
    const list = counts.get(op.name);
    if (!list) return `| ${op.name} | ${op.kind} | not run | not run | |`;
    const [small, large] = list;
    if (small && large && large.calls > small.calls) grows.push(op.name);
    const cell = (c: Count | undefined) => (c ? `${c.calls}${c.error ? ` (error: ${c.error})` : ''}` : 'n/a');
    const paths = [...new Set(large?.paths ?? [])].join(', ');
    return `| ${op.name} | ${op.kind} | ${cell(small)} | ${cell(large)} | ${paths} |`;
  });
  const markdown = [
    `Each operation of the web client (the codegen documents in web/src/gql/graphql.ts) sent once through the`,
    `gateway as buyer demo, counting the requests the upstream received. "Small" is a cart of ${sizes[0]} lines and a`,
    `goods page of ${sizes[0]}; "large" a cart of ${sizes[1]} lines and a goods page of ${sizes[1]}. An error is the`,
    "operation's own answer (for example an order that cannot be cancelled once paid); its calls are still counted.",
    '',
    `| operation | kind | calls, small | calls, large | upstream paths (large) |`,
    '|---|---|---|---|---|',
    ...rows,
    '',
    grows.length === 0
      ? '**No operation makes more upstream calls with more lines.**'
      : `**Grows with lines: ${grows.join(', ')}.**`,
    ...(notRun.length === 0 ? [] : ['', `Not run (no variables for them here yet): ${notRun.join(', ')}.`]),
  ].join('\n');
  return { markdown, grows };
}
