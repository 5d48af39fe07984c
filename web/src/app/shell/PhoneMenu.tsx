import { useQuery } from '@apollo/client/react';
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  OverlayDrawer,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { SiteLink } from '../../components/SiteLink';
import { config } from '../../config';
import { useLogout } from '../../features/auth/use-logout';
import { MENU_CATEGORIES } from '../../features/catalog/CategoryMenu';
import { NAV_LINKS } from '../../features/catalog/NavBar';
import { ZoneCategoriesQuery } from '../../features/catalog/ZoneCategoryMenu';
import type {
  CategoryMenu_CategoryFragment,
  Header_SiteFragment,
  NavBar_LinkFragment,
  TopBar_SiteFragment,
  TopBar_UserFragment,
} from '../../gql/graphql';
import { SECONDARY } from '../../shared/error-policy';
import { orderingParty } from '../../shared/ordering-party';
import { categoryListPath, MENU_VARIANTS, type MenuVariant } from '../../shared/zones';
import { QualificationAlertLink } from './QualificationAlertLink';
import { QualityInspectionLink } from './QualityInspectionLink';
import { ServiceContacts } from './TopBar';

const useStyles = makeStyles({
  body: { display: 'grid', alignContent: 'start', gap: '16px', paddingBottom: '24px' },
  section: { display: 'grid', gap: '4px' },
  heading: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
  },
  greeting: { margin: 0, color: tokens.colorNeutralForeground1 },
  contacts: {
    margin: 0,
    display: 'grid',
    gap: '2px',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid' },
  // A finger's row each (44 px), well over WCAG 2.2's 24 px.
  link: {
    display: 'flex',
    alignItems: 'center',
    minHeight: '44px',
    padding: '0 8px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  logout: { justifySelf: 'start', minHeight: '36px' },
  alert: { display: 'block', padding: '8px', borderRadius: tokens.borderRadiusMedium },
  quality: { justifySelf: 'start', minHeight: '44px', padding: '0 8px' },
});

export interface PhoneMenuProps {
  open: boolean;
  onClose: () => void;
  user: TopBar_UserFragment | null;
  site: (TopBar_SiteFragment & Header_SiteFragment) | null;
  categories: readonly CategoryMenu_CategoryFragment[];
  navLinks: readonly NavBar_LinkFragment[];
  /** A zone's category tree instead of the whole catalogue's (SHELL-06). */
  categoryMenu?: MenuVariant | undefined;
}

/**
 * SHELL-22: on a phone the top bar, the category menu and the navigation fold into this drawer, opened by the
 * header's 菜单 button; loaded the first time it is opened, since no first view needs it.
 */
export default function PhoneMenu({ open, onClose, user, site, categories, navLinks, categoryMenu }: PhoneMenuProps) {
  const styles = useStyles();
  const { logout, loading } = useLogout();
  const variant = categoryMenu ? MENU_VARIANTS[categoryMenu] : undefined;
  const zone = useQuery(ZoneCategoriesQuery, {
    variables: { tree: variant?.tree ?? 'PREFERRED' },
    skip: !variant,
    errorPolicy: 'all',
    // ERR-10: without its tree the zone's menu falls back to the whole catalogue's, silently.
    context: SECONDARY,
  }).data?.categories;
  const zoneShown = Boolean(variant && zone);
  const shownCategories = (zoneShown && zone ? zone : categories).slice(0, MENU_CATEGORIES);
  const listQuery = zoneShown && variant ? variant.listQuery : {};
  const manager = user?.accountManager;

  // Whatever link is followed, the page it leads to is what the buyer wants to see, not the menu over it.
  const closeOnLink = (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a')) onClose();
  };

  return (
    <OverlayDrawer open={open} onOpenChange={(_, data) => data.open || onClose()} position="start" size="small">
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" aria-label="关闭菜单" icon={<DismissRegular />} onClick={onClose} />}
        >
          菜单
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.body} onClick={closeOnLink}>
        <div className={styles.section}>
          {/* QUAL-05: the top bar's warning, whole, as the top bar shows it on a wider screen. */}
          {user?.qualificationAlert ? (
            <QualificationAlertLink alert={user.qualificationAlert} className={styles.alert} tinted />
          ) : null}
          {user ? (
            <p className={styles.greeting}>您好，{orderingParty(user)}</p>
          ) : (
            <p className={styles.greeting}>您好，欢迎来到{config.siteTitle}！</p>
          )}
          <ul className={styles.list}>
            {user ? (
              <>
                <li>
                  {/* MSG-03: the unread count is the one the top bar shows. */}
                  <Link className={styles.link} to="/wdxx">
                    {user.messageCount > 0 ? `消息（${user.messageCount} 条未读）` : '消息'}
                  </Link>
                </li>
                <li>
                  <Link className={styles.link} to="/user">
                    会员中心
                  </Link>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link className={styles.link} to="/login">
                    登录
                  </Link>
                </li>
                <li>
                  <Link className={styles.link} to="/register">
                    注册
                  </Link>
                </li>
              </>
            )}
            {/* MALL-07: the points mall, one tap from every page. */}
            <li>
              <Link className={styles.link} to="/jfsc">
                积分商城
              </Link>
            </li>
          </ul>
          {manager || site ? (
            <p className={styles.contacts}>
              <ServiceContacts manager={manager} site={site} />
            </p>
          ) : null}
          <QualityInspectionLink site={site} className={styles.quality} />
          {user ? (
            <Button className={styles.logout} disabled={loading} onClick={() => void logout()}>
              安全退出
            </Button>
          ) : null}
        </div>
        <nav className={styles.section} aria-label={zoneShown && variant ? variant.title : '全部商品分类'}>
          <h2 className={styles.heading}>{zoneShown && variant ? variant.title : '全部商品分类'}</h2>
          <ul className={styles.list}>
            {shownCategories.map((category) => (
              <li key={category.id}>
                <Link className={styles.link} to={categoryListPath(category.id, listQuery)}>
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className={styles.section} aria-label="主导航">
          <h2 className={styles.heading}>导航</h2>
          <ul className={styles.list}>
            {navLinks.slice(0, NAV_LINKS).map((link) => (
              <li key={link.id}>
                <SiteLink className={styles.link} url={link.url} newWindow={link.opensNewWindow}>
                  {link.name}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </DrawerBody>
    </OverlayDrawer>
  );
}
