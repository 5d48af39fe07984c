import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { graphql } from '../../gql';
import { SECONDARY } from '../../shared/error-policy';
import { useViewer } from '../../shared/viewer';
import { FIRST_QUANTITY } from './BuyControls';

export const NextTierHintQuery = graphql(`
  query NextTierHint($goodsId: ID!, $number: Int!) {
    nextTierHint(goodsId: $goodsId, number: $number) {
      text
    }
  }
`);

/** The hint's query, for the component and the route loader alike: the server then renders the page in one pass. */
const hintOptions = (goodsId: string, quantity: number) => ({
  variables: { goodsId, number: quantity },
  context: SECONDARY,
});

/** Route loader work for a member's goods page (ERR-10: a failure only leaves the line empty). */
export function preloadNextTierHint(client: ApolloClient, goodsId: string): Promise<unknown> {
  return client.query({ query: NextTierHintQuery, ...hintOptions(goodsId, FIRST_QUANTITY), errorPolicy: 'all' });
}

const useStyles = makeStyles({
  hint: {
    margin: 0,
    flexBasis: '100%',
    minHeight: tokens.lineHeightBase300,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorPaletteDarkOrangeForeground1,
  },
});

/**
 * CART-25: under the goods page's stepper, what more of it would cost less (再买 3 盒 ¥12.50/盒), for a member. The
 * line keeps its height while the answer comes, so the button row never jumps; a failure leaves it empty (ERR-10).
 */
export function NextTierHint({ goodsId, quantity }: { goodsId: string; quantity: number }) {
  const styles = useStyles();
  const viewer = useViewer();
  const { data, previousData } = useQuery(NextTierHintQuery, {
    ...hintOptions(goodsId, quantity),
    skip: !viewer.signedIn || quantity < 1,
  });
  const hint = (data ?? previousData)?.nextTierHint?.text;
  return (
    <p className={styles.hint} aria-live="polite">
      {viewer.signedIn ? (hint ?? '') : ''}
    </p>
  );
}
