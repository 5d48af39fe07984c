import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * The frame of a goods card in a grid (the catalogue's and a campaign's): a white column with a hairline border that
 * lifts on hover, its tags row kept one line high even when empty so cards of a row line up, and the availability
 * line in small type.
 */
export const useGoodsCardStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalSNudge,
    padding: tokens.spacingHorizontalM,
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    ':hover': { boxShadow: tokens.shadow8 },
  },
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, minHeight: '18px' },
  availability: { fontSize: tokens.fontSizeBase200 },
});
