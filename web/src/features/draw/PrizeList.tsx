import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { GiftRegular } from '@fluentui/react-icons/svg/gift';
import { CardGrid } from '../../components/CardGrid';
import { graphql } from '../../gql';
import type { PrizeList_PrizeFragment } from '../../gql/graphql';
import { marketTokens } from '../../theme/theme';

export const PrizeListFragment = graphql(`
  fragment PrizeList_prize on DrawPrize {
    id
    name
    remarks
    image
    isWin
    soldOut
  }
`);

const useStyles = makeStyles({
  list: { gap: tokens.spacingHorizontalS },
  prize: {
    display: 'grid',
    gridTemplateColumns: '48px 1fr',
    gridTemplateRows: 'auto 1fr',
    columnGap: '10px',
    alignItems: 'start',
    padding: '8px',
    backgroundColor: marketTokens.colorPrizeBackground,
    border: `1px solid ${marketTokens.colorPrizeStroke}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  soldOut: { backgroundColor: tokens.colorNeutralBackground3, border: `1px solid ${tokens.colorNeutralStroke2}` },
  picture: {
    gridRow: '1 / 3',
    width: '48px',
    height: '48px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusSmall,
    color: tokens.colorBrandForeground1,
    fontSize: '28px',
  },
  img: { width: '100%', height: '100%', objectFit: 'contain' },
  name: { margin: 0, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  remarks: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  tag: {
    marginLeft: '6px',
    padding: '0 4px',
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorNeutralForeground3,
    borderRadius: tokens.borderRadiusSmall,
    whiteSpace: 'nowrap',
  },
});

/**
 * What a draw gives, each with its picture (a gift icon without one), remarks and 已抽完 once all are won. The
 * consolation entry (谢谢参与) is left out: it is what a buyer gets when no prize comes up, not a prize to show.
 */
export function PrizeList({ prizes, label }: { prizes: readonly PrizeList_PrizeFragment[]; label: string }) {
  const styles = useStyles();
  const shown = prizes.filter((prize) => prize.isWin);
  if (shown.length === 0) return null;
  return (
    <CardGrid className={styles.list} label={label} minWidth={220}>
      {shown.map((prize) => (
        <li key={prize.id} className={mergeClasses(styles.prize, prize.soldOut && styles.soldOut)}>
          <span className={styles.picture}>
            {prize.image ? (
              <img className={styles.img} src={prize.image} alt="" loading="lazy" decoding="async" />
            ) : (
              <GiftRegular aria-hidden />
            )}
          </span>
          <p className={styles.name}>
            {prize.name}
            {prize.soldOut ? <span className={styles.tag}>已抽完</span> : null}
          </p>
          {prize.remarks ? <p className={styles.remarks}>{prize.remarks}</p> : null}
        </li>
      ))}
    </CardGrid>
  );
}
