import type { ApolloClient } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GoodsImage } from '../../components/GoodsImage';
import { ListStates } from '../../components/ListStates';
import { Pager } from '../../components/Pager';
import { Price } from '../../components/Price';
import { QuantityStepper } from '../../components/QuantityStepper';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { QuickPurchasePageQuery as QuickPurchaseData } from '../../gql/graphql';
import { CART_ADD_CONTEXT, useCartAdd } from '../../shared/cart-add';
import { goodsDetailPath } from '../../shared/goods-detail';
import { preloadForMember } from '../../shared/preload';
import { clampQuantity } from '../../shared/quantity';
import { formatDateTime } from '../../shared/time';
import { QUICK_ORDERS, quickBuySearch, quickBuyState, type QuickBuyState } from './quick-buy-params';

export const QuickPurchasePageQuery = graphql(`
  query QuickPurchasePage($page: Int, $pageSize: Int, $order: QuickPurchaseOrder, $keyword: String) {
    quickPurchase(page: $page, pageSize: $pageSize, order: $order, keyword: $keyword) {
      total
      page
      pageSize
      items {
        id
        name
        manufacturer
        spec
        packingUnit
        image
        lastPrice {
          ...Price_money
        }
        lastQuantity
        lastOrderedAt
        timesBought
        price {
          ...Price_money
        }
        stock
        isBuyable
        unavailableReason
      }
    }
  }
`);

export const QuickAddToCartMutation = graphql(`
  mutation QuickAddToCart($goodsId: ID!, $number: Int) {
    quickAddToCart(goodsId: $goodsId, number: $number) {
      message
      cart {
        id
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);

const PAGE_SIZE = 20;

/** The list's variables for a state read from the address: the loader and the page ask the same. */
function variablesOf(state: QuickBuyState) {
  return { page: state.page, pageSize: PAGE_SIZE, order: state.order, keyword: state.keyword || null };
}

export function preload(client: ApolloClient, params: URLSearchParams): Promise<null> {
  return preloadForMember(client, () => [
    client.query({
      query: QuickPurchasePageQuery,
      variables: variablesOf(quickBuyState(params)),
      fetchPolicy: 'network-only',
    }),
  ]);
}

type Item = QuickPurchaseData['quickPurchase']['items'][number];

const useStyles = makeStyles({
  intro: { margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground3 },
  tools: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  keyword: { flexGrow: 1, minWidth: '200px', maxWidth: '360px' },
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase300,
    '& th': {
      textAlign: 'left',
      fontWeight: tokens.fontWeightSemibold,
      color: tokens.colorNeutralForeground2,
      backgroundColor: tokens.colorNeutralBackground3,
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
      whiteSpace: 'nowrap',
    },
    '& td': {
      padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS}`,
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
      verticalAlign: 'middle',
    },
    // QUICK-01: on a phone each row is a card: the goods on top, then each figure with its own label.
    '@media (max-width: 720px)': {
      '& thead': { display: 'none' },
      '& tr': {
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
        gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
        padding: tokens.spacingHorizontalM,
        borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
      },
      '& td': { padding: 0, borderBottom: 'none' },
    },
  },
  // The cells stay table cells on a wide screen (a flex cell would leave the row's grid); their insides lay out.
  wide: { '@media (max-width: 720px)': { gridColumn: '1 / -1' } },
  goods: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    minWidth: '220px',
    '@media (max-width: 720px)': { minWidth: 0 },
  },
  goodsText: { display: 'grid', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  name: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  // The label of a figure: the table's header says it on a wide screen, the card says it beside the figure.
  label: {
    display: 'none',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    marginRight: tokens.spacingHorizontalXS,
    '@media (max-width: 720px)': { display: 'inline' },
  },
  nowrap: { whiteSpace: 'nowrap' },
  reason: { color: tokens.colorPaletteRedForeground1 },
  action: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    justifyContent: 'flex-end',
    '@media (max-width: 720px)': { justifyContent: 'stretch' },
  },
  addButton: { whiteSpace: 'nowrap', '@media (max-width: 720px)': { flexGrow: 1 } },
});

/** The search and the sort; they start from what the address says. */
function QuickBuyTools({
  state,
  onChange,
}: {
  state: QuickBuyState;
  onChange: (next: Partial<QuickBuyState>) => void;
}) {
  const styles = useStyles();
  const [keyword, setKeyword] = useState(state.keyword);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ keyword: keyword.trim(), page: 1 });
  };
  return (
    <form className={styles.tools} role="search" aria-label="搜索采购过的商品" onSubmit={submit}>
      <Field label="商品名称、厂家或拼音首字母" className={styles.keyword}>
        <Input
          value={keyword}
          maxLength={50}
          placeholder="如 感冒灵 或 gml"
          onChange={(_e, d) => setKeyword(d.value)}
        />
      </Field>
      <Button type="submit" appearance="primary">
        搜索
      </Button>
      {state.keyword ? (
        <Button
          onClick={() => {
            setKeyword('');
            onChange({ keyword: '', page: 1 });
          }}
        >
          清除
        </Button>
      ) : null}
      <Field label="排序">
        <Select value={state.sort} onChange={(_e, d) => onChange({ sort: d.value, page: 1 })}>
          {QUICK_ORDERS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </Field>
    </form>
  );
}

/** QUICK-03, QUICK-04: the quantity (the last one bought, within stock) and 加入购物车, or why it cannot be bought. */
function AddCell({ item, nameId }: { item: Item; nameId: string }) {
  const styles = useStyles();
  const [number, setNumber] = useState(() => clampQuantity(item.lastQuantity, item.stock));
  const [mutate] = useMutation(QuickAddToCartMutation, { context: CART_ADD_CONTEXT });
  const { run, pending } = useCartAdd();
  if (!item.isBuyable) {
    return (
      <td className={styles.wide}>
        <div className={styles.action}>
          <span className={styles.reason}>{item.unavailableReason ?? '暂不可购买'}</span>
        </div>
      </td>
    );
  }
  return (
    <td className={styles.wide}>
      <div className={styles.action}>
        <QuantityStepper label={`${item.name} 采购数量`} value={number} stock={item.stock} onChange={setNumber} />
        <Button
          appearance="primary"
          className={styles.addButton}
          aria-describedby={nameId}
          disabled={pending}
          onClick={() =>
            void run(
              async () => (await mutate({ variables: { goodsId: item.id, number } })).data?.quickAddToCart.message,
            )
          }
        >
          加入购物车
        </Button>
      </div>
    </td>
  );
}

function QuickBuyRow({ item }: { item: Item }) {
  const styles = useStyles();
  const nameId = `kjcg-goods-${item.id}`;
  return (
    <tr data-testid="quick-buy-row">
      <td className={styles.wide}>
        <div className={styles.goods}>
          <GoodsImage src={item.image} alt={item.name} size={56} />
          <span className={styles.goodsText}>
            <Link id={nameId} className={styles.name} to={goodsDetailPath(item.id)}>
              {item.name}
            </Link>
            <span className={styles.meta}>
              {item.spec} · {item.manufacturer}
            </span>
          </span>
        </div>
      </td>
      <td>
        <span className={styles.label}>上次单价</span>
        <Price money={item.lastPrice} unit={item.packingUnit} />
      </td>
      <td className={styles.nowrap}>
        <span className={styles.label}>上次数量</span>
        {item.lastQuantity}
        {item.packingUnit}
      </td>
      <td className={styles.nowrap}>
        <span className={styles.label}>最近购买</span>
        <time dateTime={item.lastOrderedAt}>{formatDateTime(item.lastOrderedAt)}</time>
      </td>
      <td className={styles.nowrap}>
        <span className={styles.label}>购买次数</span>
        {item.timesBought} 次
      </td>
      <td>
        <span className={styles.label}>今日价格</span>
        {item.price ? <Price money={item.price} unit={item.packingUnit} /> : '—'}
      </td>
      <td className={styles.nowrap}>
        <span className={styles.label}>库存</span>
        {item.stock}
      </td>
      <AddCell item={item} nameId={nameId} />
    </tr>
  );
}

/** /kjcg (/zzfw_kjcg): what the buyer bought before, one row per goods, each one click from the cart. */
export default function QuickPurchasePage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = quickBuyState(params);
  const { data, loading, error } = useQuery(QuickPurchasePageQuery, {
    variables: variablesOf(state),
    // Today's prices and stock, not those of the last visit.
    // The route's loader asks the network each time the page is shown; this reads its answer, then follows the cache.
    fetchPolicy: 'cache-first',
  });
  const go = (next: Partial<QuickBuyState>) => void navigate({ search: quickBuySearch({ ...state, ...next }) });
  const list = data?.quickPurchase;

  return (
    <>
      <SectionHeading>快捷采购</SectionHeading>
      <p className={styles.intro}>您采购过的商品都在这里，按上次的数量一键加入购物车；价格和库存以今日为准。</p>
      <QuickBuyTools key={state.keyword} state={state} onChange={go} />
      <ListStates
        list={list}
        loading={loading}
        error={error}
        loadingTitle="正在加载采购过的商品…"
        failedTitle="采购记录暂时无法加载"
        emptyTitle={state.keyword ? '没有找到匹配的商品' : '还没有采购记录'}
        emptyHint={
          state.keyword ? (
            '换个关键词试试'
          ) : (
            <>
              下单后，买过的商品会出现在这里。<Link to="/list">去商品列表看看</Link>
            </>
          )
        }
      >
        {(page) => (
          <table className={styles.table} aria-label="采购过的商品">
            <thead>
              <tr>
                <th scope="col">商品</th>
                <th scope="col">上次单价</th>
                <th scope="col">上次数量</th>
                <th scope="col">最近购买</th>
                <th scope="col">购买次数</th>
                <th scope="col">今日价格</th>
                <th scope="col">库存</th>
                <th scope="col">
                  <span className={styles.nowrap}>操作</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((item) => (
                <QuickBuyRow key={item.id} item={item} />
              ))}
            </tbody>
          </table>
        )}
      </ListStates>
      {list ? (
        <Pager
          page={state.page}
          total={list.total}
          pageSize={list.pageSize}
          onGo={(next) => go({ page: next })}
          note={`（共 ${list.total} 种商品）`}
        />
      ) : null}
    </>
  );
}
