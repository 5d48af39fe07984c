import { useQuery } from '@apollo/client/react';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { graphql } from '../../gql';
import type { OnlinePaymentKind } from '../../gql/graphql';
import { donePath } from '../../shared/cart-steps';
import { useFreshFetchPolicy } from '../../shared/fresh';

/** PAY-11: the order's state, read again while the buyer pays with the provider. */
export const OrderPaidStateQuery = graphql(`
  query OrderPaidState($id: ID!) {
    order(id: $id) {
      id
      status
      statusText
      paidAt
    }
  }
`);

/** How often the page asks whether the provider's notification arrived. */
export const PAID_POLL_MS = 3000;

const useStyles = makeStyles({
  box: {
    display: 'grid',
    justifyItems: 'center',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    textAlign: 'center',
  },
  code: { padding: tokens.spacingHorizontalM, backgroundColor: tokens.colorNeutralBackground1 },
  hint: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/**
 * PAY-08, PAY-09, PAY-11: an online payment under way. WeChat Pay's code is shown as a QR code to scan; Alipay's
 * page opens in a new tab. Meanwhile the order is read again every few seconds, and once the provider has told the
 * platform it was paid, the buyer moves on to the done page.
 */
export function OnlinePayPanel({
  orderId,
  methodName,
  kind,
  url,
  onCancel,
}: {
  orderId: string;
  methodName: string;
  kind: OnlinePaymentKind;
  url: string;
  onCancel: () => void;
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const fresh = useFreshFetchPolicy();
  const { data } = useQuery(OrderPaidStateQuery, {
    variables: { id: orderId },
    pollInterval: PAID_POLL_MS,
    ...fresh,
  });
  const paid = data?.order != null && data.order.status !== 'UNPAID';
  useEffect(() => {
    if (paid) void navigate(donePath(orderId), { replace: true });
  }, [paid, navigate, orderId]);

  return (
    <div className={styles.box} role="region" aria-label={`${methodName}支付`}>
      {kind === 'QR' ? (
        <>
          <div className={styles.code}>
            <QRCodeSVG
              value={url}
              size={200}
              marginSize={2}
              title={`${methodName}付款二维码`}
              // Dark on light, as scanners expect, from the theme's own colours.
              fgColor={tokens.colorNeutralForeground1}
              bgColor={tokens.colorNeutralBackground1}
            />
          </div>
          <p className={styles.hint}>请使用微信扫一扫，扫描二维码完成支付</p>
        </>
      ) : (
        <>
          <p className={styles.hint}>{`请在新打开的${methodName}页面完成付款`}</p>
          <Button as="a" appearance="primary" size="large" href={url} target="_blank" rel="noopener noreferrer">
            {`前往${methodName}付款`}
          </Button>
        </>
      )}
      <Spinner size="tiny" label="支付完成后页面将自动跳转…" />
      <Button appearance="subtle" onClick={onCancel}>
        选择其他支付方式
      </Button>
    </div>
  );
}
