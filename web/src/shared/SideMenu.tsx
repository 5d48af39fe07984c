import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

/** One link of a side menu. */
export interface SideMenuLink {
  to: string;
  label: string;
  /**
   * Whether it is the page shown, where the page decides (a help article by its id); left out, the address decides,
   * as React Router's NavLink does.
   */
  current?: boolean;
  /** With the address deciding: current only on this exact address, not on the ones below it (/order, not /order/info/12). */
  end?: boolean;
}

export interface SideMenuGroup {
  id: string;
  title: string;
  links: readonly SideMenuLink[];
}

const useStyles = makeStyles({
  frame: {
    display: 'grid',
    gridTemplateColumns: '180px minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalM },
  },
  // Help articles' titles are longer than the member pages' names.
  wide: { gridTemplateColumns: '200px minmax(0, 1fr)' },
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
  contents: { '@media (max-width: 600px)': { display: 'contents' } },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    '@media (max-width: 600px)': { display: 'contents' },
  },
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
  current: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorNeutralBackground1Selected,
    boxShadow: `inset 3px 0 0 ${tokens.colorBrandForeground1}`,
  },
  page: { minWidth: 0 },
});

/**
 * A page beside its side menu (SHELL-17): the member pages' menu, the help centre's and the payment help's. A column
 * at the left on a computer; on a phone one row of links that scrolls sideways above the page, brought to the
 * current link (sideways only: the page's own scroll position is left alone).
 */
export function SideMenu({
  label,
  groups,
  wide = false,
  children,
}: {
  /** The menu's accessible name (会员中心菜单). */
  label: string;
  groups: readonly SideMenuGroup[];
  /** A column of 200 px rather than 180 on a computer. */
  wide?: boolean;
  children: ReactNode;
}) {
  const styles = useStyles();
  const menu = useRef<HTMLElement>(null);
  const headings = useId();
  const { pathname } = useLocation();
  const chosen = groups.flatMap((group) => group.links).find((link) => link.current === true)?.to;
  useEffect(() => {
    const nav = menu.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname, chosen]);
  return (
    <div className={mergeClasses(styles.frame, wide && styles.wide)}>
      <nav ref={menu} className={styles.menu} aria-label={label}>
        {groups.map((group) => {
          const heading = `${headings}-${group.id}`;
          return (
            <div key={group.id} className={styles.contents} role="group" aria-labelledby={heading}>
              <h2 className={styles.group} id={heading}>
                {group.title}
              </h2>
              <ul className={styles.list}>
                {group.links.map((link) => (
                  <li key={link.to} className={styles.contents}>
                    {link.current === undefined ? (
                      <NavLink
                        to={link.to}
                        end={link.end}
                        className={({ isActive }) => mergeClasses(styles.link, isActive && styles.current)}
                      >
                        {link.label}
                      </NavLink>
                    ) : (
                      <Link
                        to={link.to}
                        className={mergeClasses(styles.link, link.current && styles.current)}
                        aria-current={link.current ? 'page' : undefined}
                      >
                        {link.label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <div className={styles.page}>{children}</div>
    </div>
  );
}
