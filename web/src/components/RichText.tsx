import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { sameSitePath } from '../shared/rich-text';

const useStyles = makeStyles({
  text: {
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase400,
    overflowWrap: 'anywhere',
    '& h2': { fontSize: tokens.fontSizeBase400, margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}` },
    '& h3, & h4': {
      fontSize: tokens.fontSizeBase300,
      margin: `${tokens.spacingVerticalM} 0 ${tokens.spacingVerticalXS}`,
    },
    '& p': { margin: `0 0 ${tokens.spacingVerticalS}` },
    '& ul, & ol': { margin: `0 0 ${tokens.spacingVerticalS}`, paddingLeft: tokens.spacingHorizontalXXL },
    '& li': { marginBottom: tokens.spacingVerticalXS },
    '& a': { color: tokens.colorBrandForeground1 },
    '& img': { maxWidth: '100%', height: 'auto' },
    '& table': { borderCollapse: 'collapse', width: '100%', display: 'block', overflowX: 'auto' },
    '& th, & td': {
      border: `1px solid ${tokens.colorNeutralStroke2}`,
      padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
      textAlign: 'left',
    },
    '& blockquote': {
      margin: `0 0 ${tokens.spacingVerticalS}`,
      paddingLeft: tokens.spacingHorizontalM,
      borderLeft: `3px solid ${tokens.colorNeutralStroke1}`,
      color: tokens.colorNeutralForeground2,
    },
    '& > :first-child': { marginTop: 0 },
  },
});

/**
 * Rich text of an article or a news post. The HTML comes sanitised from the gateway (INFO-02), so it is inserted as
 * it is; a same-site link inside it moves within the app instead of reloading the page.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    const path = anchor && !anchor.target ? sameSitePath(anchor.getAttribute('href')) : null;
    if (path === null) return;
    event.preventDefault();
    void navigate(path);
  };
  return (
    // The click handler only routes clicks on the links inside, which keyboards reach and activate as links.
    <div
      className={mergeClasses(styles.text, className)}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
