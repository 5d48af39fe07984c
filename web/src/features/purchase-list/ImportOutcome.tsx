import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import type { ImportPurchaseListMutation } from '../../gql/graphql';

const useStyles = makeStyles({
  outcomeList: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingLeft: tokens.spacingHorizontalL },
});

/** IMPORT-06: what one confirmation put in the cart and what the cart refused, with the cart's reason. */
export function ImportOutcome({ outcome }: { outcome: ImportPurchaseListMutation['importPurchaseList'] }) {
  const styles = useStyles();
  return (
    <MessageBar intent={outcome.refused.length === 0 ? 'success' : 'warning'} layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{outcome.message}</MessageBarTitle>
        {outcome.added.length > 0 ? (
          <>
            已加入：{outcome.added.map((line) => `${line.name} × ${line.number}`).join('、')}。{' '}
            <Link to="/cart">去购物车结算</Link>
          </>
        ) : null}
        {outcome.refused.length > 0 ? (
          <ul className={styles.outcomeList} aria-label="未能加入的商品">
            {outcome.refused.map((line) => (
              <li key={`${line.goodsId}-${line.number}`}>
                {line.name || `商品${line.goodsId}`} × {line.number}：{line.reason}
              </li>
            ))}
          </ul>
        ) : null}
      </MessageBarBody>
    </MessageBar>
  );
}
