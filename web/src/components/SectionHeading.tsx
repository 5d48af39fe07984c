import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  heading: { fontSize: tokens.fontSizeBase500, margin: `0 0 ${tokens.spacingVerticalM}` },
});

/** The title a page or a page's section opens with, in the one size every page uses. */
export function SectionHeading({
  as: Tag = 'h1',
  id,
  className,
  children,
}: {
  /** A page's title is its h1; a section under it passes h2. */
  as?: 'h1' | 'h2';
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Tag id={id} className={mergeClasses(styles.heading, className)}>
      {children}
    </Tag>
  );
}
