import { makeStyles, tokens } from '@fluentui/react-components';
import { graphql } from '../../gql';
import type { RecentWins_DrawFragment } from '../../gql/graphql';
import { formatDateTime } from '../../shared/time';

export const RecentWinsFragment = graphql(`
  fragment RecentWins_draw on LuckyDraw {
    recentWins {
      maskedName
      prizeName
      drawnAt
    }
  }
`);

const useStyles = makeStyles({
  wins: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    maxHeight: '360px',
    overflowY: 'auto',
  },
  win: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase200,
  },
  who: { color: tokens.colorNeutralForeground1 },
  prize: { color: tokens.colorBrandForeground1 },
  time: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  empty: { margin: 0, color: tokens.colorNeutralForeground3 },
});

/** The draw's latest wins with the buyers' names masked (DRAW-07). */
export function RecentWins({ draw }: { draw: RecentWins_DrawFragment }) {
  const styles = useStyles();
  if (draw.recentWins.length === 0) return <p className={styles.empty}>暂无中奖记录，快来试试手气吧</p>;
  return (
    // A list the buyer scrolls, not a marquee: moving text would need a pause control (WCAG 2.2.2).
    <ul className={styles.wins} aria-label="最近中奖" tabIndex={0}>
      {draw.recentWins.map((win, index) => (
        <li key={`${win.drawnAt}-${index}`} className={styles.win}>
          <span className={styles.who}>
            {win.maskedName} 抽中了 <span className={styles.prize}>{win.prizeName}</span>
          </span>
          <span className={styles.time}>{formatDateTime(win.drawnAt)}</span>
        </li>
      ))}
    </ul>
  );
}
