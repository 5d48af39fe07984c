import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';

const useStyles = makeStyles({
  page: {
    maxWidth: '760px',
    margin: '0 auto',
    padding: '24px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    lineHeight: tokens.lineHeightBase400,
  },
  heading: { fontSize: tokens.fontSizeBase600, margin: '0 0 16px', textAlign: 'center' },
  rules: { paddingLeft: '20px', margin: '0 0 16px', display: 'grid', gap: '8px' },
  back: { color: tokens.colorBrandForeground1 },
});

/**
 * /yx/rule (优选规则): the free-shipping zone's rules, opened from the zone in its own tab with no header or footer.
 * The schema has no rules field; the text states what the cart's pricing (CART-08, CART-11) applies to preferred goods, and
 * names no amounts, which the cart shows from the marketplace's shipping settings.
 */
export default function PreferredRulesPage() {
  const styles = useStyles();
  return (
    <article className={styles.page}>
      <h1 className={styles.heading}>优选规则</h1>
      <ol className={styles.rules}>
        <li>优选专区收录平台精选的常备药品；专区页顶部的“优选商品分类”只列出优选商品。</li>
        <li>标明“单品包邮”的优选商品，单件商品采购数量达到其包邮数量即免运费，购物车会提示还差几件。</li>
        <li>订单中已选商品金额达到包邮金额时整单免运费；未达到时按运费设置收取运费，以购物车和确认订单页显示为准。</li>
        <li>优选商品同样适用阶梯价、满减和优惠券，优惠后的金额以确认订单页为准。</li>
        <li>优选商品的库存、效期和价格以商品详情页为准；售罄或不可购买的商品不会被勾选结算。</li>
      </ol>
      <Link className={styles.back} to="/yx">
        返回优选专区
      </Link>
    </article>
  );
}
