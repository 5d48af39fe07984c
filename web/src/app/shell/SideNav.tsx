import { makeStyles, tokens } from '@fluentui/react-components';
import { SiteLink } from '../../components/SiteLink';
import { graphql } from '../../gql';
import type { SideNav_LinkFragment } from '../../gql/graphql';

export const SideNavFragment = graphql(`
  fragment SideNav_link on NavLink {
    id
    name
    url
    image
    opensNewWindow
  }
`);

/** SHELL-19: the side nav lists the navigation links that have a picture, at most this many. */
export const SIDE_NAV_LINKS = 8;

/** SHELL-19: the links the side nav shows: those with a picture, in the navigation's order. */
export function sideNavLinks<T extends { image?: string | null }>(links: readonly T[]): T[] {
  return links.filter((link) => Boolean(link.image)).slice(0, SIDE_NAV_LINKS);
}

const useStyles = makeStyles({
  nav: {
    position: 'fixed',
    top: '180px',
    left: 'max(8px, calc((100vw - 1200px) / 2 - 104px))',
    zIndex: 20,
    width: '88px',
    padding: '8px 0',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
    borderRadius: tokens.borderRadiusMedium,
    // Only beside the page, never over it: below 1440 px there is no room left of the 1200 px column.
    '@media (max-width: 1439px)': { display: 'none' },
  },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: '4px' },
  link: {
    display: 'grid',
    justifyItems: 'center',
    gap: '2px',
    width: '100%',
    padding: '4px',
    boxSizing: 'border-box',
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase200,
    textAlign: 'center',
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  image: {
    display: 'block',
    width: '56px',
    height: '56px',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
  },
});

/**
 * SHELL-19: the side nav beside the page on the routes whose flag asks for it: the navigation links with their
 * pictures. Loaded only on those routes (bundle budget).
 */
export default function SideNav({ links }: { links: readonly SideNav_LinkFragment[] }) {
  const styles = useStyles();
  const shown = sideNavLinks(links);
  if (shown.length === 0) return null;
  return (
    <nav className={styles.nav} aria-label="侧边导航">
      <ul className={styles.list}>
        {shown.map((link) => (
          <li key={link.id}>
            <SiteLink className={styles.link} url={link.url} newWindow={link.opensNewWindow}>
              <img className={styles.image} src={link.image ?? ''} alt="" width={40} height={40} loading="lazy" />
              {link.name}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
