import { makeStyles, tokens } from '@fluentui/react-components';

const PHONE = '@media (max-width: 600px)';

/** The look the balance and points ledgers share: a head figure, the totals of the filter and the phone cards. */
export const useLedgerStyles = makeStyles({
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalXL,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
  },
  figure: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalM },
  figureValue: { fontSize: '28px', fontWeight: tokens.fontWeightSemibold },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  totals: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    margin: `0 0 ${tokens.spacingVerticalS}`,
    color: tokens.colorNeutralForeground2,
  },
  // On a phone each movement is a small card: time and amount, then type and balance, then the remark.
  row: {
    [PHONE]: { gridTemplateAreas: '"time amount" "type balance" "remark remark"', rowGap: tokens.spacingVerticalXXS },
  },
  time: { whiteSpace: 'nowrap', [PHONE]: { gridArea: 'time', color: tokens.colorNeutralForeground3 } },
  type: { whiteSpace: 'nowrap', [PHONE]: { gridArea: 'type' } },
  remark: { [PHONE]: { gridArea: 'remark' } },
  amount: { [PHONE]: { gridArea: 'amount', fontWeight: tokens.fontWeightSemibold } },
  after: {
    [PHONE]: {
      gridArea: 'balance',
      color: tokens.colorNeutralForeground3,
      '::before': { content: 'attr(data-label)' },
    },
  },
  out: { color: tokens.colorPaletteGreenForeground1 },
  in: { color: tokens.colorBrandForeground1 },
});
