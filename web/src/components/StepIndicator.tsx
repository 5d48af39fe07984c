import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  steps: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridAutoColumns: '1fr',
    gridAutoFlow: 'column',
    gap: tokens.spacingHorizontalXS,
    fontSize: tokens.fontSizeBase200,
    textAlign: 'center',
    justifySelf: 'stretch',
  },
  step: {
    padding: `${tokens.spacingVerticalSNudge} ${tokens.spacingHorizontalXS}`,
    color: tokens.colorNeutralForeground3,
    borderBottom: `3px solid ${tokens.colorNeutralStroke2}`,
  },
  current: {
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightSemibold,
    borderBottomColor: tokens.colorBrandStroke1,
  },
  passed: { color: tokens.colorNeutralForeground1, borderBottomColor: tokens.colorBrandStroke2 },
});

/**
 * Where the buyer is in a flow of steps (the cart's four, registration's and password reset's three); the current
 * step is announced as such.
 */
export function StepIndicator({
  labels,
  current,
  className,
}: {
  labels: readonly string[];
  /** The step shown, from 1. */
  current: number;
  className?: string;
}) {
  const styles = useStyles();
  return (
    <ol className={mergeClasses(styles.steps, className)} aria-label="步骤">
      {labels.map((label, index) => (
        <li
          key={label}
          aria-current={index + 1 === current ? 'step' : undefined}
          className={mergeClasses(
            styles.step,
            index + 1 < current && styles.passed,
            index + 1 === current && styles.current,
          )}
        >
          {index + 1}. {label}
        </li>
      ))}
    </ol>
  );
}
