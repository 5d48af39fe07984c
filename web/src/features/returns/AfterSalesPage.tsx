import { useQuery } from '@apollo/client/react';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { GoodsImage } from '../../components/GoodsImage';
import { Panel } from '../../components/Panel';
import { Price } from '../../components/Price';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { returnPath } from '../../shared/after-sale-paths';
import { orderPath } from '../../shared/cart-steps';
import { formatDateTime } from '../../shared/time';
import { isFinal } from './return-status';
import { ReturnForm } from './ReturnForm';

export const OrderAfterSaleQuery = graphql(`
  query OrderAfterSale($orderId: ID!) {
    orderAfterSale(orderId: $orderId) {
      orderId
      orderSn
      canApply
      reasons
      lines {
        id
        goodsId
        name
        manufacturer
        spec
        packingUnit
        image
        number
        requested
        returnable
        price {
          ...Price_money
        }
        unitRefund {
          fen
          amount
        }
      }
      returns {
        id
        number
        reason
        status
        statusText
        createdAt
        refund {
          ...Price_money
        }
        goods {
          name
          packingUnit
        }
      }
    }
  }
`);

const useStyles = makeStyles({
  lines: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  line: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  chosen: { boxShadow: `inset 3px 0 0 ${tokens.colorBrandStroke1}`, backgroundColor: tokens.colorNeutralBackground2 },
  name: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  notice: { margin: 0, color: tokens.colorNeutralForeground3 },
  returns: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  returnRow: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXL}`,
    padding: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  grow: { flexGrow: 1 },
  open: { color: tokens.colorPaletteDarkOrangeForeground1, fontWeight: tokens.fontWeightSemibold },
  final: { color: tokens.colorNeutralForeground3 },
  order: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase200 },
});

function useAfterSale(orderId: string) {
  const { data, loading } = useQuery(OrderAfterSaleQuery, {
    variables: { orderId },
    fetchPolicy: 'cache-and-network',
  });
  return { page: data?.orderAfterSale, loading };
}

/**
 * /order/afterSalesInfo/:id (order_wddd_afterSalesInfo), the id an order's (AFTER-08): its lines with what may still
 * be asked back, the return form for the chosen line, and the order's after-sales requests.
 */
export default function AfterSalesPage() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const { page, loading } = useAfterSale(id);
  const [chosen, setChosen] = useState<string | null>(null);

  if (!page) {
    return (
      <EmptyState title={loading ? '正在加载售后信息…' : '找不到这个订单'}>
        <Link to="/order">返回我的订单</Link>
      </EmptyState>
    );
  }
  const line = page.lines.find((l) => l.id === chosen && l.returnable > 0);

  return (
    <>
      <SectionHeading>售后服务</SectionHeading>
      <Panel title="选择要退货的商品" titleId="after-sale-lines">
        <p className={styles.order}>
          订单号：<Link to={orderPath(page.orderId)}>{page.orderSn}</Link>
        </p>
        {!page.canApply ? (
          <p className={styles.notice}>
            该订单当前不能申请售后：只有待收货或已完成的订单可以申请，且需账户已开通售后服务。如有疑问请联系您的客户经理。
          </p>
        ) : null}
        <ul className={styles.lines}>
          {page.lines.map((l) => (
            <li key={l.id} className={mergeClasses(styles.line, l.id === line?.id && styles.chosen)}>
              <GoodsImage src={l.image ?? undefined} alt={l.name} size={56} />
              <div>
                <p className={styles.name}>{l.name}</p>
                <p className={styles.meta}>
                  {l.spec ?? '—'} · {l.manufacturer} · <Price money={l.price} /> × {l.number}
                  {l.packingUnit ?? ''}
                  {l.requested > 0 ? ` · 已申请 ${l.requested}${l.packingUnit ?? '件'}` : ''}
                </p>
              </div>
              {page.canApply ? (
                <Button
                  size="small"
                  appearance={l.id === line?.id ? 'primary' : 'secondary'}
                  disabled={l.returnable === 0}
                  aria-label={l.returnable === 0 ? `${l.name}已全部申请售后` : `申请退货：${l.name}`}
                  onClick={() => setChosen(l.id)}
                >
                  {l.returnable === 0 ? '已全部申请' : '申请退货'}
                </Button>
              ) : (
                <span />
              )}
            </li>
          ))}
        </ul>
      </Panel>
      {line ? (
        <Panel title="填写退货申请" titleId="after-sale-form">
          <ReturnForm key={line.id} orderId={page.orderId} line={line} reasons={page.reasons} />
        </Panel>
      ) : null}
      <Panel title={`售后记录（${page.returns.length}）`} titleId="after-sale-returns" last>
        {page.returns.length === 0 ? (
          <p className={styles.notice}>该订单暂无售后申请。</p>
        ) : (
          <ul className={styles.returns}>
            {page.returns.map((r) => (
              <li key={r.id} className={styles.returnRow}>
                <span className={styles.grow}>
                  {r.goods.name} × {r.number}
                  {r.goods.packingUnit ?? ''}
                  <span className={styles.meta}>
                    {' '}
                    · {r.reason} · {formatDateTime(r.createdAt)}
                  </span>
                </span>
                <span>
                  退款 <Price money={r.refund} />
                </span>
                <span className={isFinal(r.status) ? styles.final : styles.open}>{r.statusText}</span>
                <Link to={returnPath(r.id)} aria-label={`售后申请 ${r.id} 详情`}>
                  查看详情
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
