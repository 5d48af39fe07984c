import { makeStyles, mergeClasses } from '@fluentui/react-components';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { linkAction } from '../shared/link-action';
import { toast } from '../shared/notify';
import { useSiteOrigin } from '../shared/site-origin';
import { inlineButton } from './bare-button';

const useStyles = makeStyles({
  // A message "link" is a button (it goes nowhere) that looks like its sibling links.
  asLink: {
    ...inlineButton,
    color: 'inherit',
    textAlign: 'inherit',
  },
});

/**
 * A link whose target comes from the marketplace's data: it navigates, opens another site, or (for a missing
 * target or one starting with * or #) shows a message instead, as SHELL-11 and SHELL-12 say.
 */
export function SiteLink({
  url,
  newWindow = false,
  className,
  style,
  children,
  label,
}: {
  url: string | null | undefined;
  newWindow?: boolean;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
  label?: string;
}) {
  const styles = useStyles();
  const action = linkAction(url, useSiteOrigin());
  if (action.kind === 'message') {
    return (
      <button
        type="button"
        className={mergeClasses(styles.asLink, className)}
        style={style}
        aria-label={label}
        onClick={() => toast(action.text, 'info')}
      >
        {children}
      </button>
    );
  }
  if (action.kind === 'internal' && !newWindow) {
    return (
      <Link to={action.to} className={className} style={style} aria-label={label}>
        {children}
      </Link>
    );
  }
  const href = action.kind === 'internal' ? action.to : action.href;
  return (
    <a href={href} className={className} style={style} aria-label={label} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
