import { Button, Checkbox, makeStyles, mergeClasses, SpinButton, Spinner, tokens } from '@fluentui/react-components';
import { memo, useEffect, useRef, useState } from 'react';
import { GoodsImage } from '../../components/GoodsImage';
import { graphql } from '../../gql';
import type { CartLineRow_LineFragment } from '../../gql/graphql';
import { cartLineName, giftText, setItemText } from '../../shared/cart-line-text';
import { formatPrice } from '../../shared/money';
import { marketTokens } from '../../theme/theme';
import { GoodsTags } from '../../components/GoodsTags';

export const CartLineRowFragment = graphql(`
  fragment CartLineRow_line on CartLine {
    id
    number
    selected
    isAvailable
    ...CartLineText_line
    nextTierHint
    freeShippingHint
    promotion {
      kind
      id
      label
    }
    exchangeOffer {
      activityId
      name
      goodsId
      goodsName
      unlocked
      price {
        ...Price_money
      }
      threshold {
        ...Price_money
      }
    }
    price {
      ...Price_money
    }
    total {
      ...Price_money
    }
    goods {
      id
      stock
      ...GoodsTags_goods
    }
    combination {
      setsInStock
    }
    groupBuy {
      targetNumber
      joinedNumber
    }
  }
`);

/** CART-23: a quantity change waits 200 ms, so a run of stepper clicks sends one request with the last value. */
export const QUANTITY_DELAY_MS = 200;

/** The line kinds that carry a tag of their own (CART-17: 秒 for seckill; 组合 a set, 拼团 a group-buy join). */
const TYPE_TAGS: Partial<Record<CartLineRow_LineFragment['type'], string>> = {
  SECKILL: '秒',
  COMBINATION: '组合',
  GROUP_BUY: '拼团',
  EXCHANGE: '换购',
};

/** Why a line is left out of the order, in the buyer's words for its kind. */
const UNAVAILABLE: Partial<Record<CartLineRow_LineFragment['type'], string>> = {
  COMBINATION: '该组合已结束或库存不足，不计入结算',
  GROUP_BUY: '该拼团已结束或商品暂不可购，不计入结算',
  EXCHANGE: '不计入结算',
};

const useStyles = makeStyles({
  line: {
    display: 'grid',
    gridTemplateColumns: 'auto 72px minmax(0, 1fr) 110px 112px 110px auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    // Rows far below the fold are laid out only when scrolled near: a 200-line cart paints like a short one.
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 112px',
    '@media (max-width: 700px)': { gridTemplateColumns: 'auto 64px minmax(0, 1fr)', rowGap: '8px' },
  },
  // Price, stepper, total and delete are four columns on a wide screen and one wrapped row under the name on a
  // phone.
  controls: {
    display: 'contents',
    '@media (max-width: 700px)': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalMNudge}`,
      gridColumn: '2 / -1',
    },
  },
  unavailable: { opacity: 0.55, backgroundColor: tokens.colorNeutralBackground3 },
  pending: { boxShadow: `inset 3px 0 0 ${tokens.colorBrandStroke1}` },
  name: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  tags: { marginRight: tokens.spacingHorizontalSNudge },
  meta: { margin: '2px 0 0', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  hint: { margin: '2px 0 0', fontSize: tokens.fontSizeBase200, color: tokens.colorBrandForeground1 },
  note: { margin: '2px 0 0', fontSize: tokens.fontSizeBase200, color: tokens.colorPaletteDarkOrangeForeground1 },
  gift: { margin: '2px 0 0', fontSize: tokens.fontSizeBase200, color: tokens.colorPaletteGreenForeground1 },
  promotion: { fontSize: tokens.fontSizeBase200, color: tokens.colorBrandForeground1 },
  exchange: { marginTop: '4px' },
  setGoods: {
    margin: '2px 0 0',
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '0 12px',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  price: { color: tokens.colorNeutralForeground2, whiteSpace: 'nowrap' },
  total: { color: marketTokens.colorPrice, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  stepper: { width: '104px', '@media (max-width: 700px)': { width: '88px' } },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

export interface CartLineRowProps {
  line: CartLineRow_LineFragment;
  /** A change of this line is on its way to the gateway: its price and total are not final yet. */
  pending: boolean;
  onSelect: (id: string, selected: boolean) => void;
  onNumber: (id: string, number: number) => void;
  onRemove: (id: string) => void;
  /** Adds the add-on purchase (换购) this line unlocks (PRICE-13). */
  onExchange: (offer: { activityId: string; goodsId: string }) => void;
  /** The line's add-on purchase is in the cart already. */
  exchangeTaken: boolean;
}

/**
 * One cart line. Memoised: the page passes stable callbacks and the cache keeps unchanged lines as the same
 * objects, so ticking one box re-renders one row, not two hundred.
 */
export const CartLineRow = memo(function CartLineRow({
  line,
  pending,
  onSelect,
  onNumber,
  onRemove,
  onExchange,
  exchangeTaken,
}: CartLineRowProps) {
  const styles = useStyles();
  const { goods } = line;
  const offer = line.exchangeOffer;
  // The stepper's value while the 200 ms wait runs; afterwards the (optimistic, then real) line number shows.
  const [draft, setDraft] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const changeNumber = (next: number) => {
    if (!Number.isSafeInteger(next) || next < 1) return;
    setDraft(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      if (next !== line.number) onNumber(line.id, next);
      setDraft(null);
    }, QUANTITY_DELAY_MS);
  };

  const typeTag = TYPE_TAGS[line.type];
  const set = line.combination;
  // A set's goods are listed under its name. The goods' own tags are the first goods', not the set's.
  const name = cartLineName(line);
  const unit = set ? '组' : (goods.packingUnit ?? '');
  const max = set ? set.setsInStock : goods.stock;
  const busy = pending || draft !== null;
  return (
    <li
      className={mergeClasses(styles.line, !line.isAvailable && styles.unavailable, busy && styles.pending)}
      aria-busy={busy}
    >
      <Checkbox
        aria-label={`选择 ${name}`}
        checked={line.selected}
        disabled={!line.isAvailable}
        onChange={(_event, data) => onSelect(line.id, data.checked === true)}
      />
      <GoodsImage src={goods.images[0]} alt={name} />
      <div>
        <p className={styles.name}>
          <GoodsTags goods={goods} lead={typeTag} omit={Boolean(set)} className={styles.tags} />
          {name}
        </p>
        {set ? (
          <ul className={styles.setGoods} aria-label={`${name} 每组包含`}>
            {set.items.map((item) => (
              <li key={item.goods.id}>{setItemText(item)}</li>
            ))}
          </ul>
        ) : (
          <p className={styles.meta}>
            {goods.spec ?? '—'} · {goods.manufacturer}
          </p>
        )}
        {line.groupBuy ? (
          <p className={styles.meta}>
            已拼 {line.groupBuy.joinedNumber} / {line.groupBuy.targetNumber} 件成团
          </p>
        ) : null}
        {line.isAvailable ? null : (
          <p className={styles.hint}>{UNAVAILABLE[line.type] ?? '该商品暂不可购或已售罄，不计入结算'}</p>
        )}
        {line.promotionNote ? <p className={styles.note}>{line.promotionNote}</p> : null}
        {line.gift ? <p className={styles.gift}>{giftText(line.gift)}</p> : null}
        {line.goodsFullReductionHint ? <p className={styles.hint}>{line.goodsFullReductionHint}</p> : null}
        {offer === null ? null : exchangeTaken ? (
          <p className={styles.gift}>已加价换购{offer.goodsName}</p>
        ) : offer.unlocked ? (
          <Button
            className={styles.exchange}
            size="small"
            appearance="outline"
            onClick={() => onExchange({ activityId: offer.activityId, goodsId: offer.goodsId })}
          >
            加{formatPrice(offer.price)}换购{offer.goodsName}
          </Button>
        ) : (
          <p className={styles.hint}>
            本品满{formatPrice(offer.threshold)}可加{formatPrice(offer.price)}换购{offer.goodsName}
          </p>
        )}
        {line.nextTierHint ? <p className={styles.hint}>{line.nextTierHint}</p> : null}
        {line.freeShippingHint ? <p className={styles.hint}>{line.freeShippingHint}</p> : null}
      </div>
      <div className={styles.controls}>
        <span className={styles.price}>
          {line.promotion ? <span className={styles.promotion}>{line.promotion.label} </span> : null}
          {formatPrice(line.price)}
          {unit ? `/${unit}` : ''}
        </span>
        <SpinButton
          className={styles.stepper}
          aria-label={`${name} 数量`}
          min={1}
          max={Math.max(1, max)}
          value={draft ?? line.number}
          disabled={!line.isAvailable}
          onChange={(_event, data) => changeNumber(data.value ?? Number.parseInt(data.displayValue ?? '', 10))}
        />
        <span className={styles.total} aria-label={`${name} 小计`}>
          {busy ? <Spinner size="extra-tiny" aria-label="正在更新" /> : formatPrice(line.total)}
        </span>
        <div className={styles.actions}>
          <Button appearance="subtle" size="small" onClick={() => onRemove(line.id)}>
            删除
          </Button>
        </div>
      </div>
    </li>
  );
});
