import { makeStyles, tokens } from '@fluentui/react-components';

/** The pieces the variety request and feedback pages share: the head row, a link drawn as the primary button, forms. */
export const useRequestStyles = makeStyles({
  head: {
    display: 'flex',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  primaryLink: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '32px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover, color: tokens.colorNeutralForegroundOnBrand },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  intro: { margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground3 },
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXL}`,
    '@media (max-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: { gridColumn: '1 / -1' },
  actions: { gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  meta: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  answer: {
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground2,
    borderRadius: tokens.borderRadiusMedium,
    overflowWrap: 'anywhere',
  },
});
