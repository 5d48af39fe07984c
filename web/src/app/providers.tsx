import { ApolloProvider } from '@apollo/client/react';
import { FluentProvider, makeStyles } from '@fluentui/react-components';
import { RouterProvider } from 'react-router';
import { createApolloClient } from './apollo';
import { createRouter } from './router';
import { theme } from '../theme/theme';

const client = createApolloClient();
const router = createRouter(client);

const useStyles = makeStyles({
  // Fluent paints its provider white; the page's light grey (index.html) must show between the white cards.
  // Fluent copies these classes to its portals' nodes too, so nothing here may take space or catch the pointer.
  root: { backgroundColor: 'transparent' },
});

export function App() {
  const styles = useStyles();
  return (
    <FluentProvider className={styles.root} theme={theme} lang="zh-CN">
      <ApolloProvider client={client}>
        <RouterProvider router={router} />
      </ApolloProvider>
    </FluentProvider>
  );
}
