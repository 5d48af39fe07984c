import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';

export interface HelpMenuGroup {
  id: string;
  title: string;
  links: readonly { key: string; to: string; label: string; current: boolean }[];
}

const useStyles = makeStyles({
  frame: {
    display: 'grid',
    gridTemplateColumns: '200px minmax(0, 1fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalM },
  },
  menu: {
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: `${tokens.spacingVerticalS} 0`,
    // On a phone the menu is one row of links that scrolls sideways above the page.
    '@media (max-width: 600px)': {
      display: 'flex',
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
  groupBox: { '@media (max-width: 600px)': { display: 'contents' } },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    '@media (max-width: 600px)': { display: 'contents' },
  },
  item: { '@media (max-width: 600px)': { display: 'contents' } },
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
  // Dark text on the light brand background (brand text on it is too faint), marked by a brand bar at the left.
  current: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorBrandBackground2,
    boxShadow: `inset 3px 0 0 ${tokens.colorBrandStroke1}`,
  },
  page: { minWidth: 0 },
});

/**
 * A help page beside its side menu (the help categories, or the three payment help pages), in the member pages'
 * shape: a column at the left on a computer, one sideways-scrolling row above the page on a phone.
 */
export function HelpSideMenu({
  label,
  groups,
  children,
}: {
  label: string;
  groups: readonly HelpMenuGroup[];
  children: ReactNode;
}) {
  const styles = useStyles();
  const menu = useRef<HTMLElement>(null);
  const currentKey = groups.flatMap((g) => g.links).find((link) => link.current)?.key;
  // On a phone the menu is a sideways row: bring the current link into it, without moving the page.
  useEffect(() => {
    const row = menu.current;
    const link = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !link || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = link.offsetLeft - row.offsetLeft - (row.clientWidth - link.offsetWidth) / 2;
  }, [currentKey]);
  return (
    <div className={styles.frame}>
      <nav ref={menu} className={styles.menu} aria-label={label}>
        {groups.map((group) => (
          <div key={group.id} className={styles.groupBox} role="group" aria-labelledby={`help-menu-${group.id}`}>
            <h2 className={styles.group} id={`help-menu-${group.id}`}>
              {group.title}
            </h2>
            <ul className={styles.list}>
              {group.links.map((link) => (
                <li key={link.key} className={styles.item}>
                  <Link
                    to={link.to}
                    className={mergeClasses(styles.link, link.current && styles.current)}
                    aria-current={link.current ? 'page' : undefined}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className={styles.page}>{children}</div>
    </div>
  );
}
