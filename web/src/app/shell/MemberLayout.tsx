import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { MEMBER_MENU } from '../member-menu';

const useStyles = makeStyles({
  frame: {
    display: 'grid',
    gridTemplateColumns: '180px minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalM },
  },
  menu: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalS} 0`,
    // On a phone the menu is one row of its groups' links that scrolls sideways above the page.
    '@media (max-width: 600px)': {
      display: 'flex',
      position: 'relative',
      overflowX: 'auto',
      padding: tokens.spacingHorizontalXS,
      gap: tokens.spacingHorizontalXS,
    },
  },
  group: {
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXS}`,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    '@media (max-width: 600px)': { display: 'none' },
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    '@media (max-width: 600px)': { display: 'contents' },
  },
  item: { '@media (max-width: 600px)': { display: 'contents' } },
  groupBox: { '@media (max-width: 600px)': { display: 'contents' } },
  link: {
    display: 'block',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXXL}`,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase400,
    ':hover': { color: tokens.colorBrandForeground1, textDecorationLine: 'underline' },
    '@media (max-width: 600px)': {
      whiteSpace: 'nowrap',
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
      borderRadius: tokens.borderRadiusMedium,
    },
  },
  // Neutral text on a selected background with a brand bar: the brand red on its own tint is too faint to read.
  active: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorNeutralBackground1Selected,
    boxShadow: `inset 3px 0 0 ${tokens.colorBrandForeground1}`,
  },
  page: { minWidth: 0 },
});

/**
 * The frame of every member page (account centre, wallet, orders): the member menu beside the page (SHELL-17).
 * A layout route, so moving between member pages keeps the menu and redraws only the page.
 */
export function MemberLayout() {
  const styles = useStyles();
  const menu = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the menu is one sideways row: bring the current page's link into view (only sideways; the page's
  // own scroll position is left alone).
  useEffect(() => {
    const nav = menu.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <div className={styles.frame}>
      <nav ref={menu} className={styles.menu} aria-label="会员中心菜单">
        {MEMBER_MENU.map((group) => (
          <div key={group.title} className={styles.groupBox} role="group" aria-labelledby={`member-menu-${group.id}`}>
            <h2 className={styles.group} id={`member-menu-${group.id}`}>
              {group.title}
            </h2>
            <ul className={styles.list}>
              {group.links.map((link) => (
                <li key={link.to} className={styles.item}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active)}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className={styles.page}>
        <Outlet />
      </div>
    </div>
  );
}
