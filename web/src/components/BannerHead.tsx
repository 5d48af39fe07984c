import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { marketTokens } from '../theme/theme';

const useStyles = makeStyles({
  head: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXXL}`,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    marginBottom: tokens.spacingVerticalM,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: `linear-gradient(100deg, ${tokens.colorBrandBackground} 0%, ${marketTokens.colorBrandGradientEnd} 100%)`,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr', padding: `${tokens.spacingVerticalM} 14px` },
  },
  over: {
    backgroundImage: `linear-gradient(100deg, ${tokens.colorNeutralForeground3} 0%, ${marketTokens.colorOverGradientEnd} 100%)`,
  },
  titleRow: {
    display: 'flex',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalMNudge}`,
    flexWrap: 'wrap',
    minWidth: 0,
  },
  pill: {
    flexShrink: 0,
    padding: `0 ${tokens.spacingHorizontalS}`,
    lineHeight: '22px',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusSmall,
  },
  pillMuted: { color: tokens.colorNeutralForeground3 },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    overflowWrap: 'anywhere',
  },
});

/**
 * The brand-red banner an activity's or a lucky draw's page opens with: a small label (the kind or the state)
 * beside the title, the lines under it as `children`, and what the buyer can do or how long is left as `aside`.
 * An ended one turns grey (`over`); a label that is not live is grey (`labelMuted`).
 */
export function BannerHead({
  title,
  titleId,
  headingLevel = 1,
  label,
  labelMuted,
  labelFirst,
  over,
  regionLabel,
  aside,
  children,
}: {
  title: ReactNode;
  titleId?: string;
  headingLevel?: 1 | 2;
  label: ReactNode;
  labelMuted?: boolean;
  /** The label before the title (an activity's kind) rather than after it (a draw's state). */
  labelFirst?: boolean;
  over?: boolean;
  /** The region's name; without it the title names it. */
  regionLabel?: string;
  aside: ReactNode;
  children?: ReactNode;
}) {
  const styles = useStyles();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const pill = <span className={mergeClasses(styles.pill, labelMuted && styles.pillMuted)}>{label}</span>;
  return (
    <section
      className={mergeClasses(styles.head, over && styles.over)}
      aria-label={regionLabel}
      aria-labelledby={regionLabel ? undefined : titleId}
    >
      <div>
        <div className={styles.titleRow}>
          {labelFirst ? pill : null}
          <Heading className={styles.title} id={titleId}>
            {title}
          </Heading>
          {labelFirst ? null : pill}
        </div>
        {children}
      </div>
      {aside}
    </section>
  );
}
