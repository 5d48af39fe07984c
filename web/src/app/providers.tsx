import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { FluentProvider, makeStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { SiteOriginContext } from '../shared/site-origin';
import { theme } from '../theme/theme';

const useStyles = makeStyles({
  // Fluent paints its provider white; the page's light grey (index.html) must show between the white cards.
  // Fluent copies these classes to its portals' nodes too, so nothing here may take space or catch the pointer.
  root: { backgroundColor: 'transparent' },
});

/**
 * What every page renders inside, on the server and in the browser alike (ADR 0310): the theme, the Apollo client and
 * the site's origin. A server-rendered page is also wrapped in Griffel's `RendererProvider`: with the styles extracted
 * at build time (ADR 0311) it has nothing to collect or insert, but a call the build could not evaluate still inserts
 * its CSS through it, and the server puts what it collected in the head; a page the browser renders itself keeps
 * Griffel's default renderer, and its first bundle the provider's code.
 */
export function AppProviders(props: {
  client: ApolloClient;
  targetDocument?: Document;
  /** The page's origin: the request's on the server, the window's in the browser. */
  origin: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <FluentProvider className={styles.root} theme={theme} lang="zh-CN" targetDocument={props.targetDocument}>
      <ApolloProvider client={props.client}>
        <SiteOriginContext value={props.origin}>{props.children}</SiteOriginContext>
      </ApolloProvider>
    </FluentProvider>
  );
}
