import { makeStyles, tokens } from '@fluentui/react-components';

/** The white cards the member centre is made of. */
export const useCardStyles = makeStyles({
  card: {
    marginBottom: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 600px)': { padding: tokens.spacingHorizontalL },
  },
});
