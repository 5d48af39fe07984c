import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const useStyles = makeStyles({
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    marginBottom: tokens.spacingVerticalM,
  },
  withLogo: { alignItems: 'center' },
  panel: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  heading: { fontSize: tokens.fontSizeBase500, margin: 0, overflowWrap: 'anywhere' },
  smallLogo: { width: '40px', height: '40px', objectFit: 'contain' },
  largeLogo: { width: '120px', height: '60px', objectFit: 'contain' },
  intro: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  link: { marginLeft: 'auto', color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase200 },
});

/**
 * The head of a page of goods (a zone, a brand, a controlled-sales series, a combination kind): its title as the
 * page's h1, with an optional logo before it, one line on what the page holds, and a link to a related page at
 * the right.
 */
export function PageHead({
  title,
  logo,
  intro,
  link,
  panel,
}: {
  title: ReactNode;
  /** A brand's logo is large in a white panel; a series' is small beside its title. */
  logo?: { src: string | null | undefined; alt: string; size: 'small' | 'large' };
  intro?: ReactNode;
  link?: { to: string; label: string; newTab?: boolean };
  panel?: boolean;
}) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.head, logo && styles.withLogo, panel && styles.panel)}>
      {logo?.src ? (
        <img className={logo.size === 'small' ? styles.smallLogo : styles.largeLogo} src={logo.src} alt={logo.alt} />
      ) : null}
      <h1 className={styles.heading}>{title}</h1>
      {intro ? <p className={styles.intro}>{intro}</p> : null}
      {link ? (
        <Link className={styles.link} to={link.to} target={link.newTab ? '_blank' : undefined}>
          {link.label}
        </Link>
      ) : null}
    </div>
  );
}
