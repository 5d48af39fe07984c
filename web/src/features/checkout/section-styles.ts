import { makeStyles, tokens } from '@fluentui/react-components';

/** The white panels the confirm page is made of, and their titles. */
export const useSectionStyles = makeStyles({
  section: {
    display: 'grid',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase400 },
});
