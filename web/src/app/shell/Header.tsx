import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons/svg/navigation';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SiteLink } from '../../components/SiteLink';
import { config } from '../../config';
import { CartBadge } from '../../features/cart/CartBadge';
import { CategoryMenu } from '../../features/catalog/CategoryMenu';
import { NavBar } from '../../features/catalog/NavBar';
import { SearchBox } from '../../features/search/SearchBox';
import { graphql } from '../../gql';
import type {
  CategoryMenu_CategoryFragment,
  Header_SiteFragment,
  NavBar_LinkFragment,
  TopBar_SiteFragment,
  TopBar_UserFragment,
} from '../../gql/graphql';
import type { MenuVariant } from '../../shared/zones';
import { bareButton } from '../../components/bare-button';
import { floatWatch } from './float-watch';
import { QualificationAlertLink } from './QualificationAlertLink';
import { QualityInspectionLink } from './QualityInspectionLink';

// Only the zones with their own menu need it (bundle budget, ADR 0302).
const ZoneCategoryMenu = lazy(() => import('../../features/catalog/ZoneCategoryMenu'));
// SHELL-22: the phone's menu; no first view needs it, so it is fetched when the buyer reaches for its button.
const loadPhoneMenu = () => import('./PhoneMenu');
const PhoneMenu = lazy(loadPhoneMenu);

export const HeaderSiteFragment = graphql(`
  fragment Header_site on SiteConfig {
    qualityInspection {
      url
      message
    }
  }
`);

const useStyles = makeStyles({
  header: { backgroundColor: tokens.colorNeutralBackground1 },
  rowSlot: { minHeight: '96px' },
  row: {
    maxWidth: '1200px',
    margin: '0 auto',
    padding: '12px',
    boxSizing: 'border-box',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '12px 24px',
    '@media (max-width: 600px)': { padding: '6px 12px', gap: '6px 8px' },
  },
  // On a phone the row's free space sits between the logo (and a warning) and the links at its end.
  phoneSpacer: { display: 'none', '@media (max-width: 600px)': { display: 'block', flexGrow: 1 } },
  // QUAL-05 on a phone: the top bar's warning, in short, beside the logo; its whole sentence is its name.
  alert: {
    display: 'none',
    '@media (max-width: 600px)': {
      display: 'inline-flex',
      alignItems: 'center',
      minHeight: '24px',
      padding: '0 8px',
      borderRadius: tokens.borderRadiusCircular,
      fontSize: tokens.fontSizeBase200,
      whiteSpace: 'nowrap',
      textDecorationLine: 'none',
    },
  },
  // Beside a warning the first row has no room for the quality link: the phone's menu holds it then.
  phoneHidden: { '@media (max-width: 600px)': { display: 'none' } },
  // SHELL-22: only a phone folds the top bar and the menus behind this button.
  menuButton: {
    ...bareButton,
    display: 'none',
    '@media (max-width: 600px)': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: '36px',
      height: '36px',
      marginRight: '-4px',
      padding: 0,
      borderRadius: tokens.borderRadiusMedium,
      color: tokens.colorNeutralForeground1,
      fontSize: '24px',
    },
  },
  floating: {
    position: 'fixed',
    top: 0,
    left: 0,
    right: 0,
    zIndex: 30,
    maxWidth: 'none',
    paddingLeft: 'max(12px, calc((100vw - 1200px) / 2))',
    paddingRight: 'max(12px, calc((100vw - 1200px) / 2))',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
    // On a phone the wrapped header is too tall to float; the side bar's cart button stays in reach instead.
    '@media (max-width: 600px)': { position: 'static', boxShadow: 'none', paddingLeft: '12px', paddingRight: '12px' },
  },
  logo: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
    fontSize: '28px',
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '2px',
    whiteSpace: 'nowrap',
    minHeight: '36px',
    '@media (max-width: 600px)': { fontSize: '24px', letterSpacing: '1px' },
  },
  // On a phone the logo, quality link and cart share the first row and the search takes the whole second one.
  // No gap above the hot words: their 24 px targets (SHELL-23, WCAG 2.2 2.5.8) take the 4 px it was.
  searchArea: {
    flexGrow: 1,
    minWidth: '260px',
    display: 'grid',
    '@media (max-width: 600px)': { order: 1, flexBasis: '100%', minWidth: 0 },
  },
  hot: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2px 12px',
    fontSize: tokens.fontSizeBase200,
    // One line kept before the hot words arrive (or when there are none): the page does not move when they do.
    minHeight: '24px',
    '@media (max-width: 600px)': {
      flexWrap: 'nowrap',
      overflowX: 'auto',
      whiteSpace: 'nowrap',
      scrollbarWidth: 'none',
    },
  },
  hotLink: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '24px',
    flexShrink: 0,
    color: tokens.colorNeutralForeground3,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  navRow: {
    maxWidth: '1200px',
    margin: '0 auto',
    padding: '0 12px',
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: '24px',
    borderBottom: `2px solid ${tokens.colorBrandStroke1}`,
    // SHELL-22: a phone finds the categories and the navigation in the menu; the brand line stays under the header.
    '@media (max-width: 600px)': { height: 0, overflow: 'hidden', padding: 0, '& > *': { display: 'none' } },
  },
});

export interface HeaderProps {
  site: (Header_SiteFragment & TopBar_SiteFragment) | null;
  /** The signed-in buyer, for the phone's menu (SHELL-22), which holds what the top bar shows on a wider screen. */
  user: TopBar_UserFragment | null;
  categories: readonly CategoryMenu_CategoryFragment[];
  navLinks: readonly NavBar_LinkFragment[];
  hotSearches: readonly { name: string; url?: string | null }[];
  cartId: string | null;
  /** The home page shows the category list open beside its carousel. */
  categoryMenuOpen: boolean;
  /** A zone's category menu variant instead of the whole catalogue's (SHELL-06). */
  categoryMenu?: MenuVariant | undefined;
}

export function Header({
  site,
  user,
  categories,
  navLinks,
  hotSearches,
  cartId,
  categoryMenuOpen,
  categoryMenu,
}: HeaderProps) {
  const styles = useStyles();
  const [floating, setFloating] = useState(false);
  const alert = user?.qualificationAlert;
  // Mounted once first opened, then kept, so the drawer can play its closing motion.
  const [menu, setMenu] = useState<'never' | 'open' | 'closed'>('never');

  useEffect(() => {
    // SEARCH-09: 205 px, checked 100 ms after scrolling (and once at mount, for a page restored further down).
    const watch = floatWatch(() => window.scrollY, setFloating);
    watch.onScroll();
    window.addEventListener('scroll', watch.onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', watch.onScroll);
      watch.dispose();
    };
  }, []);

  return (
    <header className={styles.header}>
      <div className={styles.rowSlot}>
        <div className={mergeClasses(styles.row, floating && styles.floating)}>
          <button
            type="button"
            className={styles.menuButton}
            aria-label="菜单"
            aria-haspopup="dialog"
            aria-expanded={menu === 'open'}
            onPointerDown={() => void loadPhoneMenu()}
            onClick={() => setMenu('open')}
          >
            <NavigationRegular aria-hidden />
          </button>
          <Link className={styles.logo} to="/" aria-label={`${config.siteTitle}首页`}>
            {config.siteTitle}
          </Link>
          <div className={styles.searchArea}>
            <SearchBox />
            <nav className={styles.hot} aria-label="热门搜索">
              {hotSearches.map((hot) =>
                hot.url ? (
                  <SiteLink key={hot.name} className={styles.hotLink} url={hot.url}>
                    {hot.name}
                  </SiteLink>
                ) : (
                  <Link
                    key={hot.name}
                    className={styles.hotLink}
                    to={`/search?${new URLSearchParams({ keyword: hot.name, by: 'NAME' }).toString()}`}
                  >
                    {hot.name}
                  </Link>
                ),
              )}
            </nav>
          </div>
          {alert ? <QualificationAlertLink alert={alert} className={styles.alert} short tinted /> : null}
          <span className={styles.phoneSpacer} aria-hidden />
          <QualityInspectionLink site={site} className={alert ? styles.phoneHidden : undefined} />
          <CartBadge cartId={cartId} />
        </div>
      </div>
      <div className={styles.navRow}>
        {categoryMenu ? (
          <Suspense fallback={<CategoryMenu categories={categories} alwaysOpen={categoryMenuOpen} />}>
            <ZoneCategoryMenu variant={categoryMenu} fallback={categories} alwaysOpen={categoryMenuOpen} />
          </Suspense>
        ) : (
          <CategoryMenu categories={categories} alwaysOpen={categoryMenuOpen} />
        )}
        <NavBar links={navLinks} />
      </div>
      {menu === 'never' ? null : (
        <Suspense fallback={null}>
          <PhoneMenu
            open={menu === 'open'}
            onClose={() => setMenu('closed')}
            user={user}
            site={site}
            categories={categories}
            navLinks={navLinks}
            categoryMenu={categoryMenu}
          />
        </Suspense>
      )}
    </header>
  );
}

/** The login-style header: the site name and a greeting, no search or menus (SHELL-02). */
export function LoginHeader({ text = '欢迎登录' }: { text?: string | undefined }) {
  const styles = useStyles();
  return (
    <header className={styles.header}>
      <div className={styles.row}>
        <Link className={styles.logo} to="/" aria-label={`${config.siteTitle}首页`}>
          {config.siteTitle}
        </Link>
        <span>{text}</span>
      </div>
    </header>
  );
}
