import { Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { Price } from '../../components/Price';
import { QuantityStepper } from '../../components/QuantityStepper';
import type { ReorderPanelQuery } from '../../gql/graphql';
import { dayText, dueText, intervalText } from './reorder-rules';
import { RowGoods } from '../list-page/RowGoods';
import { useRowTableStyles } from '../list-page/row-table-styles';

export type ReorderItem = ReorderPanelQuery['reorderSuggestions']['items'][number];

const useStyles = makeStyles({
  wide: { '@media (max-width: 720px)': { gridColumn: '1 / -1' } },
  goods: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', minWidth: '200px' },
  due: { display: 'block', color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  soon: { display: 'block', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  promotion: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  reason: { color: tokens.colorPaletteRedForeground1 },
});

/** REORDER-05, REORDER-06: one goods due: chosen or not, its cadence, the quantity to add and today's price. */
export function ReorderRow({
  item,
  chosen,
  quantity,
  onChoose,
  onQuantity,
}: {
  item: ReorderItem;
  chosen: boolean;
  quantity: number;
  onChoose: (chosen: boolean) => void;
  onQuantity: (quantity: number) => void;
}) {
  const styles = useStyles();
  const rows = useRowTableStyles();
  return (
    <tr data-testid="reorder-row">
      <td>
        {item.isBuyable ? (
          <Checkbox
            checked={chosen}
            onChange={(_e, data) => onChoose(data.checked === true)}
            aria-label={`选择 ${item.name}`}
          />
        ) : null}
      </td>
      <td className={styles.wide}>
        <RowGoods goods={item} imageSize={48} className={styles.goods} />
      </td>
      <td className={rows.nowrap}>
        <span className={rows.label}>上次购买</span>
        <time dateTime={item.lastPurchaseDate}>{dayText(item.lastPurchaseDate)}</time>
      </td>
      <td className={rows.nowrap}>
        <span className={rows.label}>采购周期</span>
        {intervalText(item.intervalDays)}
        <span className={item.state === 'DUE' ? styles.due : styles.soon}>{dueText(item.daysLeft)}</span>
      </td>
      <td className={rows.nowrap}>
        <span className={rows.label}>数量</span>
        {item.isBuyable ? (
          <QuantityStepper label={`${item.name} 补货数量`} value={quantity} stock={item.stock} onChange={onQuantity} />
        ) : (
          `${item.usualQuantity}${item.packingUnit}`
        )}
      </td>
      <td>
        <span className={rows.label}>今日价格</span>
        {item.price ? <Price money={item.price} unit={item.packingUnit} /> : '—'}
        {item.priceLabel ? <span className={styles.promotion}>{item.priceLabel}</span> : null}
      </td>
      <td className={styles.wide}>
        {item.isBuyable ? null : <span className={styles.reason}>{item.unavailableReason ?? '暂不可购买'}</span>}
      </td>
    </tr>
  );
}
