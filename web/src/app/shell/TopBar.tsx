import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { useLogout } from '../../features/auth/use-logout';
import { graphql } from '../../gql';
import type { TopBar_SiteFragment, TopBar_UserFragment } from '../../gql/graphql';
import { config } from '../../config';
import { inlineButton } from '../../components/bare-button';
import { QualificationAlertLink } from './QualificationAlertLink';
import { orderingParty } from '../../shared/ordering-party';

export const TopBarUserFragment = graphql(`
  fragment TopBar_user on User {
    id
    company
    storeName
    username
    messageCount
    accountManager {
      name
      phone
      isDedicated
    }
    qualificationAlert {
      level
      message
    }
  }
`);

export const TopBarSiteFragment = graphql(`
  fragment TopBar_site on SiteConfig {
    hotline
  }
`);

// SHELL-23 (WCAG 2.2 2.5.8): every link and button here is at least 24 px tall; the bar's padding gives back the height the
// targets add, so it stays as tall as it was.
const target = { display: 'inline-flex', alignItems: 'center', minHeight: '24px' } as const;

const useStyles = makeStyles({
  bar: {
    backgroundColor: tokens.colorNeutralBackground4,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    // SHELL-22: on a phone the bar folds into the header's menu; the header shows a qualification warning (QUAL-05).
    '@media (max-width: 600px)': { display: 'none' },
  },
  inner: {
    maxWidth: '1200px',
    margin: '0 auto',
    padding: '4px 12px',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '0 16px',
  },
  right: { marginLeft: 'auto', display: 'flex', flexWrap: 'wrap', gap: '0 16px', alignItems: 'center' },
  company: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  link: {
    ...target,
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline' },
  },
  // Inside the greeting's sentence colour alone does not tell a link from the words around it (WCAG 1.4.1, axe
  // link-in-text-block): these keep their underline. An underline takes no height, so the bar stays as tall.
  inlineLink: { color: tokens.colorBrandForeground1, textDecorationLine: 'underline', textUnderlineOffset: '2px' },
  alert: { ...target, textDecorationLine: 'underline', textUnderlineOffset: '2px' },
  logout: {
    ...inlineButton,
    ...target,
    color: tokens.colorNeutralForeground2,
    ':hover': { color: tokens.colorBrandForeground1 },
  },
});

/** Who serves this buyer and where to complain: the top bar's contacts, and the phone menu's (SHELL-22). */
export function ServiceContacts({
  manager,
  site,
}: {
  manager: TopBar_UserFragment['accountManager'] | undefined;
  site: TopBar_SiteFragment | null;
}) {
  return (
    <>
      {manager ? (
        <span aria-label="客户经理">
          {manager.isDedicated ? '专属客服' : '客户经理'}：{manager.name} {manager.phone}
        </span>
      ) : null}
      {site ? <span>投诉热线：{site.hotline}</span> : null}
    </>
  );
}

export function TopBar({ user, site }: { user: TopBar_UserFragment | null; site: TopBar_SiteFragment | null }) {
  const styles = useStyles();
  const { logout, loading } = useLogout();
  const manager = user?.accountManager;
  return (
    // A region of its own: the greeting, the account links and the hotlines sit above the header's banner.
    <section className={styles.bar} aria-label="会员与客服">
      <div className={styles.inner}>
        {user ? (
          <>
            <span>
              您好，<span className={styles.company}>{orderingParty(user)}</span>
            </span>
            <button type="button" className={styles.logout} disabled={loading} onClick={() => void logout()}>
              安全退出
            </button>
          </>
        ) : (
          <span>
            您好，欢迎来到{config.siteTitle}！{' '}
            <Link className={styles.inlineLink} to="/login">
              登录
            </Link>{' '}
            |{' '}
            <Link className={styles.inlineLink} to="/register">
              注册
            </Link>
          </span>
        )}
        {/* QUAL-05: an expiring or expired qualification document, on every page until it is renewed. */}
        {user?.qualificationAlert ? (
          <QualificationAlertLink alert={user.qualificationAlert} className={styles.alert} />
        ) : null}
        <div className={styles.right}>
          <ServiceContacts manager={manager} site={site} />
          {user ? (
            // MSG-03: the unread count is the messages table's, the same the messages page shows.
            <Link
              className={styles.link}
              to="/wdxx"
              aria-label={user.messageCount > 0 ? `消息（${user.messageCount} 条未读）` : '消息'}
            >
              消息{user.messageCount > 0 ? `(${user.messageCount > 99 ? '99+' : user.messageCount})` : ''}
            </Link>
          ) : null}
          {user ? (
            <Link className={styles.link} to="/user">
              会员中心
            </Link>
          ) : null}
          {/* MALL-07: the points mall is open to visitors too, one click from every page. */}
          <Link className={styles.link} to="/jfsc">
            积分商城
          </Link>
        </div>
      </div>
    </section>
  );
}
