import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { marketTokens } from '../../theme/theme';

const useStyles = makeStyles({
  grid: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
    gap: tokens.spacingHorizontalM,
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  card: {
    display: 'grid',
    gridTemplateColumns: '112px minmax(0, 1fr)',
    minHeight: '120px',
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
  face: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    backgroundColor: marketTokens.colorBrandTint,
    color: marketTokens.colorPrice,
    borderRight: `1px dashed ${tokens.colorNeutralStroke1}`,
    textAlign: 'center',
  },
  faceValue: { fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold, lineHeight: 1.1 },
  faceNote: { fontSize: tokens.fontSizeBase200 },
  muted: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground3 },
  body: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    minWidth: 0,
  },
  title: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    flexWrap: 'wrap',
  },
  line: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  state: {
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightRegular,
    padding: `0 ${tokens.spacingHorizontalXS}`,
    borderRadius: tokens.borderRadiusSmall,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    color: tokens.colorNeutralForeground3,
  },
  actions: { marginTop: 'auto', paddingTop: tokens.spacingVerticalXS, display: 'flex', gap: tokens.spacingHorizontalS },
});

/** The list of ticket cards (coupons, cash vouchers), named for screen readers. */
export function TicketGrid({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

/** One coupon or voucher: its value on the left, its terms on the right, greyed when it can no longer be used. */
export function TicketCard({
  face,
  faceNote,
  title,
  state,
  lines,
  muted,
  actions,
}: {
  face: string;
  faceNote?: string;
  title: string;
  /** A short state beside the title (已使用, 即将过期); none for a plain usable ticket. */
  state?: string | undefined;
  lines: readonly ReactNode[];
  muted: boolean;
  actions?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <li className={styles.card}>
      <div className={mergeClasses(styles.face, muted && styles.muted)}>
        <span className={styles.faceValue}>{face}</span>
        {faceNote ? <span className={styles.faceNote}>{faceNote}</span> : null}
      </div>
      <div className={styles.body}>
        <h2 className={styles.title}>
          {title}
          {state ? <span className={styles.state}>{state}</span> : null}
        </h2>
        {lines.map((line, i) => (
          <p key={i} className={styles.line}>
            {line}
          </p>
        ))}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </li>
  );
}
