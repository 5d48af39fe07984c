import { useQuery } from '@apollo/client/react';
import { makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { useLocation } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { Navigate } from '../../shared/navigate';
import { payPasswordLockedText } from '@pharma/domain/wording';
import { PayPasswordForm } from '../../shared/pay-password/PayPasswordForm';
import { loginPath } from '../../shared/redirect';

export const PayPasswordPageQuery = graphql(`
  query PayPasswordPage {
    me {
      id
      payPassword {
        ...PayPasswordStatus_status
      }
    }
  }
`);

const useStyles = makeStyles({
  intro: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/**
 * 支付密码 (/wdqb/zfmm, PAY-14): the six digits asked before the balance pays, set and reset with a code sent to the
 * buyer's mobile; a reset also lifts a lock.
 */
export default function PayPasswordPage() {
  const styles = useStyles();
  const location = useLocation();
  const { data, loading, refetch } = useQuery(PayPasswordPageQuery, { fetchPolicy: 'cache-and-network' });
  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const status = data?.me?.payPassword;
  return (
    <>
      <SectionHeading>支付密码</SectionHeading>
      {status ? (
        <Panel label={status.isSet ? '重设支付密码' : '设置支付密码'} last>
          <p className={styles.intro}>
            {status.isSet
              ? '使用余额支付时需输入6位支付密码。忘记或想更换时，可用手机验证码重设。'
              : '您还没有设置支付密码。使用余额支付前，请先设置6位支付密码。'}
          </p>
          {status.lockedForSeconds > 0 ? (
            <MessageBar intent="warning">
              <MessageBarBody>{payPasswordLockedText(status.lockedForSeconds)}</MessageBarBody>
            </MessageBar>
          ) : null}
          <PayPasswordForm status={status} onDone={() => void refetch()} />
        </Panel>
      ) : (
        <EmptyState title={loading ? '正在加载支付密码设置…' : '支付密码设置暂时无法加载'} />
      )}
    </>
  );
}
