import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';

const useStyles = makeStyles({
  panel: {
    display: 'grid',
    // One column as wide as the panel: an auto column grows to its widest child's minimum, and a form laid out with
    // auto-fill columns asks for all of them side by side, pushing a phone's page wider than the screen.
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  spaced: { marginBottom: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase400 },
});

/**
 * A white panel of a page (order facts, address, goods, amounts, payment): a region named by its `title` (an h2)
 * or, without one, by `label`. Panels stacked on a page keep a gap below; `last` drops it.
 */
export function Panel({
  title,
  titleId: givenId,
  label,
  last = false,
  className,
  children,
}: {
  title?: ReactNode;
  /** The title's id, when a control inside is labelled by it (a radio group). */
  titleId?: string;
  label?: string;
  last?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  const ownId = useId();
  const titleId = givenId ?? ownId;
  return (
    <section
      className={mergeClasses(styles.panel, !last && styles.spaced, className)}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
    >
      {title ? (
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
