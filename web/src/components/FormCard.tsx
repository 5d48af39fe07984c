import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';

/** The frame and card, for a card on the same footing that is not a form (a flow's last step). */
export const useFormCardStyles = makeStyles({
  page: { display: 'flex', justifyContent: 'center', padding: `${tokens.spacingVerticalXXXL} 0` },
  narrowPage: { paddingTop: '40px', paddingBottom: '40px' },
  card: {
    width: '100%',
    maxWidth: '480px',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXXXL,
    display: 'grid',
    gap: tokens.spacingVerticalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    '@media (max-width: 600px)': { padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}` },
  },
  narrowCard: { maxWidth: '380px' },
  heading: { margin: 0, fontSize: tokens.fontSizeBase600 },
});

/**
 * A form on its own centred card (login, registration, password reset): the page frame, the card and its heading
 * are one piece so the account pages look alike. `narrow` is the login's slimmer card.
 */
export function FormCard({
  title,
  onSubmit,
  narrow = false,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  narrow?: boolean;
  children: ReactNode;
}) {
  const styles = useFormCardStyles();
  return (
    <div className={mergeClasses(styles.page, narrow && styles.narrowPage)}>
      {/* SEC-25: sent before the script runs, the fields go in a body, never in the address. */}
      <form
        method="post"
        className={mergeClasses(styles.card, narrow && styles.narrowCard)}
        onSubmit={onSubmit}
        noValidate
      >
        <h1 className={styles.heading}>{title}</h1>
        {children}
      </form>
    </div>
  );
}
