import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * A plain table of goods rows with controls in them (quick purchase, due to reorder): a header row on a desktop, and
 * on a phone each row a card of two columns, each figure under its own label. ListTable is the list kit's table for
 * records; this is for rows a buyer acts on in place.
 */
export const useRowTableStyles = makeStyles({
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase300,
    '& th': {
      textAlign: 'left',
      fontWeight: tokens.fontWeightSemibold,
      color: tokens.colorNeutralForeground2,
      backgroundColor: tokens.colorNeutralBackground3,
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
      whiteSpace: 'nowrap',
    },
    '& td': {
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
      verticalAlign: 'middle',
    },
    '@media (max-width: 720px)': {
      '& thead': { display: 'none' },
      '& tr': {
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
        gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
        padding: tokens.spacingHorizontalM,
        borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
      },
      '& td': { padding: 0, borderBottom: 'none' },
    },
  },
  /** The goods cell's name and spec lines beside its picture. */
  goodsText: { display: 'grid', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  name: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  /** A figure's label: the table's header says it on a wide screen, the phone's card says it beside the figure. */
  label: {
    display: 'none',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    marginRight: tokens.spacingHorizontalXS,
    '@media (max-width: 720px)': { display: 'inline' },
  },
  nowrap: { whiteSpace: 'nowrap' },
});
