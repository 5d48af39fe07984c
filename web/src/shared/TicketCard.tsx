import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { marketTokens } from '../theme/theme';

// SHELL-27: one card frame for every ticket (a coupon in the wallet or the coupon centre, a cash voucher).
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
    overflowWrap: 'anywhere',
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
  mutedBody: { color: tokens.colorNeutralForeground3 },
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

/** SHELL-27: a ticket ending within this many days says so on its stamp. */
export const EXPIRY_STAMP_DAYS = 3;

/** SHELL-27: the stamp of a usable ticket by the days it has left: 「n天后过期」 in its last days, else none. */
export function expiryStamp(daysLeft: number | null): string | undefined {
  return daysLeft !== null && daysLeft <= EXPIRY_STAMP_DAYS ? `${daysLeft}天后过期` : undefined;
}

/** The list of ticket cards, named for screen readers; one column on a phone. */
export function TicketGrid({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <ul className={styles.grid} aria-label={label}>
      {children}
    </ul>
  );
}

export interface TicketCardProps {
  /** The big figure on the left panel: ¥30.00, 95折, 减¥30.00. */
  face: string;
  /** A short line under the figure (满¥300.00可用, 现金券). */
  faceNote?: string | undefined;
  /** The ticket's name, the card's heading. */
  title: string;
  /** The stamp beside the name (已使用, 已过期, 3天后过期); none for a plain usable ticket. */
  state?: string | undefined;
  /** The terms, one line each. */
  lines: readonly ReactNode[];
  /** Greyed: the ticket can no longer be used or taken. */
  muted: boolean;
  /** What the buyer can do with it (去使用, 转入余额, 立即领取), at the foot of the body. */
  actions?: ReactNode;
  /** The card's accessible name, where a list is read card by card by its tickets' names. */
  label?: string | undefined;
}

/** SHELL-27: one ticket: its value on the left, its name, stamp and terms on the right, its action at the foot. */
export function TicketCard({ face, faceNote, title, state, lines, muted, actions, label }: TicketCardProps) {
  const styles = useStyles();
  return (
    <li className={styles.card} aria-label={label}>
      <div className={mergeClasses(styles.face, muted && styles.muted)}>
        <span className={styles.faceValue}>{face}</span>
        {faceNote ? <span className={styles.faceNote}>{faceNote}</span> : null}
      </div>
      <div className={mergeClasses(styles.body, muted && styles.mutedBody)}>
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
