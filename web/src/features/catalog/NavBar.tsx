import { makeStyles, tokens } from '@fluentui/react-components';
import { SiteLink } from '../../components/SiteLink';
import { graphql } from '../../gql';
import type { NavBar_LinkFragment } from '../../gql/graphql';

export const NavBarFragment = graphql(`
  fragment NavBar_link on NavLink {
    id
    name
    url
    opensNewWindow
  }
`);

/** SHELL-05: the header shows at most nine navigation links. */
export const NAV_LINKS = 9;

const useStyles = makeStyles({
  nav: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '4px 24px',
    minWidth: 0,
    // The row's height is kept before the links arrive, so the page below does not move down when they do.
    minHeight: '36px',
    // One row on a phone: the links scroll sideways instead of stacking three rows high.
    '@media (max-width: 600px)': {
      flexWrap: 'nowrap',
      overflowX: 'auto',
      whiteSpace: 'nowrap',
      gap: '20px',
      padding: '0 12px',
      scrollbarWidth: 'thin',
    },
  },
  link: {
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    padding: '8px 0',
    ':hover': { color: tokens.colorBrandForeground1 },
    '@media (max-width: 600px)': { flexShrink: 0, fontSize: tokens.fontSizeBase300 },
  },
});

export function NavBar({ links }: { links: readonly NavBar_LinkFragment[] }) {
  const styles = useStyles();
  return (
    <nav className={styles.nav} aria-label="主导航">
      {links.slice(0, NAV_LINKS).map((link) => (
        <SiteLink key={link.id} className={styles.link} url={link.url} newWindow={link.opensNewWindow}>
          {link.name}
        </SiteLink>
      ))}
    </nav>
  );
}
