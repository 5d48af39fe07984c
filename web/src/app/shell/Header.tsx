import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ShieldCheckmarkRegular } from '@fluentui/react-icons/svg/shield-checkmark';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SiteLink } from '../../components/SiteLink';
import { config } from '../../config';
import { CartBadge } from '../../features/cart/CartBadge';
import { CategoryMenu } from '../../features/catalog/CategoryMenu';
import { NavBar } from '../../features/catalog/NavBar';
import { SearchBox } from '../../features/search/SearchBox';
import { graphql } from '../../gql';
import type { CategoryMenu_CategoryFragment, Header_SiteFragment, NavBar_LinkFragment } from '../../gql/graphql';
import { alertDialog } from '../../shared/notify';
import type { MenuVariant } from '../../shared/zones';
import { bareButton } from '../../components/bare-button';
import { floatWatch } from './float-watch';

// Only the zones with their own menu need it (bundle budget, ADR 0302).
const ZoneCategoryMenu = lazy(() => import('../../features/catalog/ZoneCategoryMenu'));

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
  },
  // On a phone the logo, quality link and cart share the first row and the search takes the whole second one.
  searchArea: {
    flexGrow: 1,
    minWidth: '260px',
    display: 'grid',
    gap: '4px',
    '@media (max-width: 600px)': { order: 1, flexBasis: '100%', minWidth: 0 },
  },
  hot: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2px 12px',
    fontSize: tokens.fontSizeBase200,
    // One line kept before the hot words arrive (or when there are none): the page does not move when they do.
    minHeight: '20px',
    '@media (max-width: 600px)': {
      flexWrap: 'nowrap',
      overflowX: 'auto',
      whiteSpace: 'nowrap',
      scrollbarWidth: 'none',
    },
  },
  hotLink: {
    color: tokens.colorNeutralForeground3,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  quality: {
    ...bareButton,
    display: 'inline-flex',
    alignItems: 'center',
    gap: '4px',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    textDecorationLine: 'none',
    '@media (max-width: 600px)': { marginLeft: 'auto' },
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
    // A phone gets two single rows, each scrolling sideways: the category strip and the navigation.
    '@media (max-width: 600px)': { flexDirection: 'column', alignItems: 'stretch', gap: 0, padding: 0 },
  },
});

function QualityInspectionLink({ site }: { site: Header_SiteFragment | null }) {
  const styles = useStyles();
  const inspection = site?.qualityInspection;
  if (!inspection) return null;
  const content = (
    <>
      <ShieldCheckmarkRegular aria-hidden />
      质检报告
    </>
  );
  if (inspection.url) {
    return (
      <a className={styles.quality} href={inspection.url} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  const message = inspection.message;
  if (!message) return null;
  return (
    <button type="button" className={styles.quality} onClick={() => alertDialog(message)}>
      {content}
    </button>
  );
}

export interface HeaderProps {
  site: Header_SiteFragment | null;
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
  categories,
  navLinks,
  hotSearches,
  cartId,
  categoryMenuOpen,
  categoryMenu,
}: HeaderProps) {
  const styles = useStyles();
  const [floating, setFloating] = useState(false);

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
          <QualityInspectionLink site={site} />
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
