import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons/svg/checkmark-circle';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import { orderPath } from '../../shared/cart-steps';
import { FactList } from '../../components/FactList';
import { Price } from '../../components/Price';
import { useFreshFetchPolicy } from '../../shared/fresh';

export const DonePageQuery = graphql(`
  query DonePage($id: ID!) {
    order(id: $id) {
      id
      orderSn
      status
      statusText
      paymentMethod
      amounts {
        payable {
          ...Price_money
        }
      }
    }
  }
`);

const useStyles = makeStyles({
  box: {
    display: 'grid',
    justifyItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: `40px ${tokens.spacingHorizontalL}`,
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  icon: { fontSize: '56px', color: tokens.colorPaletteGreenForeground1 },
  heading: { margin: 0, fontSize: tokens.fontSizeBase600 },
  links: { display: 'flex', gap: tokens.spacingHorizontalXXL },
});

/** /cart/step4 (cart_step4): the order is paid. */
export default function DonePage() {
  const styles = useStyles();
  const [params] = useSearchParams();
  const id = params.get('order') ?? '';
  const fresh = useFreshFetchPolicy();
  const { data, loading } = useQuery(DonePageQuery, {
    variables: { id },
    skip: id === '',
    ...fresh,
  });
  const order = data?.order;
  if (!order)
    return (
      <EmptyState title={loading ? '正在加载订单…' : '找不到这个订单'}>
        <Link to="/order">我的订单</Link>
      </EmptyState>
    );
  return (
    <section className={styles.box} aria-label="支付结果">
      <CheckmarkCircleFilled className={styles.icon} aria-hidden />
      <h1 className={styles.heading}>{order.status === 'UNPAID' ? '订单待支付' : '支付成功'}</h1>
      <FactList
        layout="centre"
        facts={[
          { label: '订单号', value: order.orderSn },
          { label: '实付金额', value: <Price money={order.amounts.payable} size="strong" /> },
        ]}
      />
      <FactList layout="centre" facts={[{ label: '订单状态', value: order.statusText }]} />
      <div className={styles.links}>
        <Link to={orderPath(order.id)}>查看订单</Link>
        <Link to="/">返回首页</Link>
      </div>
    </section>
  );
}
