import { useQuery } from '@apollo/client/react';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { graphql } from '../../gql';

export const ContractPageQuery = graphql(`
  query ContractPage {
    me {
      id
      company
      accountManager {
        name
        phone
        isDedicated
      }
    }
    site {
      hotline
    }
  }
`);

const useStyles = makeStyles({
  page: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    padding: '40px 32px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 600px)': { padding: '24px 16px' },
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase600 },
  text: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: tokens.lineHeightBase400 },
  steps: {
    margin: 0,
    paddingLeft: '20px',
    display: 'grid',
    gap: tokens.spacingVerticalS,
    lineHeight: tokens.lineHeightBase400,
  },
  contact: {
    display: 'grid',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  phone: { fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  links: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap', margin: 0 },
  link: { color: tokens.colorBrandForeground1 },
});

/**
 * /dzht: where CONTRACT_REQUIRED (459) sends the buyer (ERR-04). The platform asks every buying company to sign a
 * purchase e-contract before ordering; signing online comes with the next iteration, so this page says why the buyer
 * is here, what happens next and whom to call: the company's account manager, or the hotline of the site settings.
 */
export default function ContractPage() {
  const styles = useStyles();
  const { data } = useQuery(ContractPageQuery, { errorPolicy: 'all' });
  const manager = data?.me?.accountManager;
  const hotline = data?.site?.hotline;
  return (
    <section className={styles.page} aria-labelledby="contract-title">
      <h1 id="contract-title" className={styles.heading}>
        电子合同
      </h1>
      <p className={styles.text}>
        {data?.me?.company ? `${data.me.company}：` : ''}
        您刚才的操作未能完成，因为平台要求采购单位先签署《药品采购电子合同》，签署后才能继续下单、付款。这是药品批发业务中购销双方权利与责任的书面约定。
      </p>
      <ol className={styles.steps}>
        <li>联系您的客户经理或拨打服务热线，说明需要签署电子合同；</li>
        <li>客户经理核对贵单位的资质证件后，安排合同签署（线上签署即将开放）；</li>
        <li>签署完成后，回到购物车即可继续下单，购物车中的商品不会丢失。</li>
      </ol>
      <div className={styles.contact} aria-label="联系方式">
        {manager ? (
          <span>
            {manager.isDedicated ? '专属客服' : '客户经理'}：{manager.name}{' '}
            <a className={mergeClasses(styles.phone, styles.link)} href={`tel:${manager.phone}`}>
              {manager.phone}
            </a>
          </span>
        ) : null}
        {hotline ? (
          <span>
            服务热线：
            <a className={mergeClasses(styles.phone, styles.link)} href={`tel:${hotline}`}>
              {hotline}
            </a>
          </span>
        ) : null}
        {!manager && !hotline ? <span>请联系平台客服办理电子合同签署。</span> : null}
      </div>
      <p className={styles.links}>
        <Link className={styles.link} to="/cart">
          返回购物车
        </Link>
        <Link className={styles.link} to="/zzzj">
          查看资质证件
        </Link>
        <Link className={styles.link} to="/">
          返回首页
        </Link>
      </p>
    </section>
  );
}
