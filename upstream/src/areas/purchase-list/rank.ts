/**
 * IMPORT-20, IMPORT-21: how well a goods agrees with the manufacturer and specification a row names, as buyers write
 * them: 石药欧意 or 石药 for 石药集团欧意药业有限公司, 0.25g×24粒 or 250mg*24片 for 0.25g*24粒. Pure functions, so
 * the bench and the tests judge candidates exactly as the import does.
 */

// Provinces, regions and the cities whose names open companies' names; a buyer leaves them out (上药信谊 for
// 上海上药信谊药厂有限公司). Places, not makers: no maker of any catalogue is listed here.
const PLACES =
  '北京|天津|上海|重庆|河北|山西|辽宁|吉林|黑龙江|江苏|浙江|安徽|福建|江西|山东|河南|湖北|湖南|广东|广西|海南|四川|' +
  '贵州|云南|陕西|甘肃|青海|内蒙古|宁夏|新疆|西藏|香港|澳门|台湾|石家庄|哈尔滨|长春|沈阳|大连|济南|青岛|烟台|南京|苏州|' +
  '无锡|常州|杭州|宁波|合肥|亳州|福州|厦门|南昌|郑州|武汉|长沙|广州|深圳|珠海|南宁|桂林|海口|成都|贵阳|昆明|西安|兰州|' +
  '西宁|银川|乌鲁木齐|拉萨|太原|呼和浩特|通化|延边';
const LEADING_PLACE = new RegExp(`^(?:中国)?(?:${PLACES})(?:省|市|自治区|壮族自治区|回族自治区|维吾尔自治区)?`);
// The words of a company's legal form and trade that buyers drop: 石药集团欧意药业有限公司 is 石药欧意 to them.
const COMPANY_WORDS = new RegExp(
  [
    '有限责任公司',
    '股份有限公司',
    '有限公司',
    '分公司',
    '总公司',
    '公司',
    '集团',
    '股份',
    '控股',
    '实业',
    '企业',
    '药业',
    '制药厂',
    '制药',
    '药厂',
    '总厂',
    '医药',
    '生物',
    '科技',
    '医疗用品',
    '医疗器械',
    '医疗设备',
    '医疗',
    '中药饮片',
    '饮片',
    '中药',
    '工业',
    '产业',
  ].join('|'),
  'g',
);

/** IMPORT-20: a manufacturer's distinctive part: no place before it, no brackets, no legal or trade words. */
export function makerCore(maker: string): string {
  let text = maker
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/\([^)]*\)/g, '');
  // Twice: 上海上药 is a place before a name that starts with another (上海 then nothing, as 上药 is no place).
  for (let i = 0; i < 2; i += 1) {
    const place = LEADING_PLACE.exec(text);
    if (place === null || place[0].length >= text.length - 1) break;
    text = text.slice(place[0].length);
  }
  const core = text.replace(COMPANY_WORDS, '').replace(/[厂]$/, '');
  return core === '' ? text : core;
}

/** Every character of `short` in `long`, in order (石药欧意 in 石药集团欧意药业). */
function inOrder(short: string, long: string): boolean {
  let at = 0;
  for (const ch of long) if (ch === short[at]) at += 1;
  return at === short.length;
}

/**
 * IMPORT-20: 3 when the row's manufacturer is the goods' (whole, one holding the other, or the same core, one core
 * holding the other), 2 when its characters run in order through the goods' name (石药欧意 in 石药集团欧意药业…),
 * 1 when they share two characters side by side, 0 otherwise or when the row names none.
 */
export function makerLevel(rowMaker: string, goodsMaker: string): number {
  const row = rowMaker.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  const goods = goodsMaker.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  if (row === '' || goods === '') return 0;
  if (goods.includes(row) || row.includes(goods)) return 3;
  const a = makerCore(row);
  const b = makerCore(goods);
  if (a.length >= 2 && b.length >= 2 && (a.includes(b) || b.includes(a))) return 3;
  if (a.length >= 2 && inOrder(a, goods)) return 2;
  for (let i = 0; i + 2 <= a.length; i += 1) if (b.includes(a.slice(i, i + 2))) return 1;
  return 0;
}

// Counted units that say the same of a specification: 24粒, 24片, 24袋 (粒/片/袋, and the like).
const COUNT_UNITS = /^(?:粒|片|袋|包|支|丸|贴|枚|s|t|c|瓶|板|小盒|盒)$/;
const DOSE_IN_MG: Record<string, number> = { kg: 1_000_000, g: 1000, 克: 1000, mg: 1, 毫克: 1, μg: 0.001, ug: 0.001 };
const VOLUME_IN_ML: Record<string, number> = { l: 1000, 升: 1000, ml: 1, 毫升: 1 };

/**
 * IMPORT-21: a specification as a comparable key: doses in mg and volumes in ml (0.25g is 250mg), the counts
 * multiplied (12片*2板 is 24), ×, x and * alike, spaces and a trailing /盒 ignored.
 */
export function specKey(spec: string): { doses: string; count: number | null } {
  const text = spec.normalize('NFKC').toLowerCase().replace(/\s+/g, '').replace(/[×x✕]/g, '*');
  const doses: string[] = [];
  let count: number | null = null;
  for (const [, digits, unit] of text.matchAll(/(\d+(?:\.\d+)?)([a-zμ\p{Script=Han}]*)/gu)) {
    const n = Number(digits);
    const u = unit ?? '';
    const mg = DOSE_IN_MG[u];
    const ml = VOLUME_IN_ML[u];
    if (mg !== undefined) doses.push(`${Math.round(n * mg * 1000) / 1000}mg`);
    else if (ml !== undefined) doses.push(`${Math.round(n * ml * 1000) / 1000}ml`);
    else if (u === '' || COUNT_UNITS.test(u)) count = (count ?? 1) * n;
    else doses.push(`${n}${u}`);
  }
  return { doses: doses.sort().join('+'), count };
}

/**
 * IMPORT-21: 2 when the specifications say the same (after `specKey`), 1 when the dose or the count agrees or one
 * text holds the other, 0 otherwise or when the row names none.
 */
export function specLevel(rowSpec: string, goodsSpec: string): number {
  if (rowSpec.trim() === '' || goodsSpec.trim() === '') return 0;
  const flat = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, '').replace(/[×x✕]/g, '*');
  if (flat(rowSpec) === flat(goodsSpec)) return 2;
  const a = specKey(rowSpec);
  const b = specKey(goodsSpec);
  // Sizes without numbers (M号, L号) have no key: only their text says which.
  const keyed = (k: ReturnType<typeof specKey>) => k.doses !== '' || k.count !== null;
  if (keyed(a) && keyed(b) && a.doses === b.doses && a.count === b.count) return 2;
  if (flat(goodsSpec).includes(flat(rowSpec)) || flat(rowSpec).includes(flat(goodsSpec))) return 1;
  if ((a.doses !== '' && a.doses === b.doses) || (a.count !== null && a.count === b.count)) return 1;
  return 0;
}

/** A candidate as ranking sees it. */
export interface Rankable {
  id: number;
  sccj: string;
  ypgg: string;
  available: boolean;
  sales: number;
}

export interface Ranked<T extends Rankable> {
  goods: T;
  maker: number;
  spec: number;
}

/**
 * IMPORT-04, IMPORT-20, IMPORT-21: a row's candidates best first: agreeing with the row's manufacturer, then with its
 * specification, then those that can be bought now, then best sellers.
 */
export function rankCandidates<T extends Rankable>(
  row: { maker: string; spec: string },
  candidates: readonly T[],
): Ranked<T>[] {
  return candidates
    .map((goods) => ({ goods, maker: makerLevel(row.maker, goods.sccj), spec: specLevel(row.spec, goods.ypgg) }))
    .sort(
      (x, y) =>
        y.maker - x.maker ||
        y.spec - x.spec ||
        Number(y.goods.available) - Number(x.goods.available) ||
        y.goods.sales - x.goods.sales ||
        x.goods.id - y.goods.id,
    );
}

/**
 * IMPORT-20: one candidate is the row's goods when it alone is the best and it agrees with what the row said (its
 * manufacturer at least in order, or its specification exactly), or when it is the only one.
 */
export function isSure<T extends Rankable>(ranked: readonly Ranked<T>[]): boolean {
  const [first, second] = ranked;
  if (first === undefined) return false;
  if (second === undefined) return true;
  const agrees = first.maker >= 2 || first.spec === 2;
  return agrees && (first.maker > second.maker || first.spec > second.spec);
}
