import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  box: {
    padding: '48px 16px',
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  title: { fontSize: tokens.fontSizeBase400, color: tokens.colorNeutralForeground2, margin: '0 0 8px' },
});

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.box} role="status">
      <p className={styles.title}>{title}</p>
      {children}
    </div>
  );
}
