import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PersonRegular } from '@fluentui/react-icons/svg/person';
import { graphql } from '../../gql';
import type { AccountSummary_UserFragment } from '../../gql/graphql';
import { formatPrice } from '../../shared/money';
import { marketTokens } from '../../theme/theme';
import { useCardStyles } from './account-card';

export const AccountSummaryFragment = graphql(`
  fragment AccountSummary_user on User {
    id
    username
    company
    accountManager {
      name
      phone
      isDedicated
    }
    unusedCouponCount
    wallet {
      balance {
        fen
        amount
      }
    }
  }
`);

const RED = tokens.colorBrandForeground1;

const useStyles = makeStyles({
  summary: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXXL}`,
  },
  identity: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    flexGrow: 1,
    flexBasis: '320px',
    minWidth: 0,
  },
  avatar: {
    flexShrink: 0,
    display: 'grid',
    placeItems: 'center',
    width: '64px',
    height: '64px',
    borderRadius: '50%',
    fontSize: '36px',
    color: RED,
    backgroundColor: marketTokens.colorBrandTint,
    '@media (max-width: 600px)': { width: '48px', height: '48px', fontSize: '28px' },
  },
  who: { display: 'grid', gap: tokens.spacingVerticalXS, minWidth: 0 },
  company: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    overflowWrap: 'anywhere',
  },
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  stats: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    margin: 0,
    flexGrow: 1,
    flexBasis: '420px',
    '@media (max-width: 600px)': { flexBasis: '100%' },
  },
  stat: {
    display: 'flex',
    flexDirection: 'column-reverse',
    alignItems: 'center',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    textAlign: 'center',
    ':not(:first-child)': { borderLeft: `1px solid ${tokens.colorNeutralStroke2}` },
  },
  statLabel: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  statValue: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: RED,
    overflowWrap: 'anywhere',
    '@media (max-width: 600px)': { fontSize: tokens.fontSizeBase400 },
  },
  unit: { marginLeft: '2px', fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightRegular },
});

/** 账户概况: who the buyer is (company, login, account manager, SHELL-04) and what they hold. */
export function AccountSummary({ me, cartCount }: { me: AccountSummary_UserFragment; cartCount: number }) {
  const styles = useStyles();
  const card = useCardStyles();
  const manager = me.accountManager;
  const stats = [
    { label: '账户余额', value: formatPrice(me.wallet.balance), unit: null },
    { label: '可用优惠券', value: me.unusedCouponCount, unit: '张' },
    { label: '购物车商品', value: cartCount, unit: '种' },
  ];
  return (
    <section className={mergeClasses(card.card, styles.summary)} aria-label="账户概况">
      <div className={styles.identity}>
        <span className={styles.avatar}>
          <PersonRegular aria-hidden />
        </span>
        <div className={styles.who}>
          <h2 className={styles.company}>{me.company ?? me.username}</h2>
          <p className={styles.meta}>登录账号：{me.username}</p>
          {manager ? (
            <p className={styles.meta}>
              {manager.isDedicated ? '专属客服' : '客户经理'}：{manager.name} {manager.phone}
            </p>
          ) : null}
        </div>
      </div>
      <dl className={styles.stats}>
        {stats.map((stat) => (
          <div key={stat.label} className={styles.stat}>
            <dt className={styles.statLabel}>{stat.label}</dt>
            <dd className={styles.statValue}>
              {stat.value}
              {stat.unit ? <span className={styles.unit}>{stat.unit}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
