import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * The layout of a form of a few short fields (ADR 0314): as many columns of at least 240 px as fit in 760 px, one on
 * a phone; a field with a hint is taller, and the others keep to the top rather than stretching their inputs down.
 * `wide` takes a whole row (a notice, a long field); `actions` is the row of buttons under the fields.
 */
export const useFormLayoutStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    alignItems: 'start',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    maxWidth: '760px',
  },
  wide: { gridColumn: '1 / -1' },
  actions: { gridColumn: '1 / -1', display: 'flex', gap: tokens.spacingHorizontalS },
});
