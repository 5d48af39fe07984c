import { useQuery } from '@apollo/client/react';
import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import type { PayPasswordStatus_StatusFragment } from '../../gql/graphql';
import { payPasswordLockedText } from '@pharma/domain/wording';
import { PayPasswordForm } from '../../shared/pay-password/PayPasswordForm';

export const BalancePasswordQuery = graphql(`
  query BalancePassword {
    me {
      id
      payPassword {
        ...PayPasswordStatus_status
      }
    }
  }
`);

const useStyles = makeStyles({
  box: { display: 'grid', gap: tokens.spacingVerticalS, maxWidth: '360px' },
  input: { maxWidth: '200px' },
});

/** Where the buyer sets, resets or unlocks the payment password. */
export const PAY_PASSWORD_PATH = '/wdqb/zfmm';

/** PAY-14: the buyer's payment password status for the pay page, and a way to read it again after a refusal. */
export function useBalancePassword() {
  const { data, refetch } = useQuery(BalancePasswordQuery, { fetchPolicy: 'cache-and-network' });
  const status = data?.me?.payPassword ?? null;
  return { status, refresh: () => void refetch() };
}

/** Whether a balance payment may be sent: a password is set, not locked, and six digits were typed. */
export const balancePasswordReady = (status: PayPasswordStatus_StatusFragment | null, typed: string): boolean =>
  Boolean(status?.isSet && status.lockedForSeconds === 0 && /^\d{6}$/.test(typed));

/**
 * PAY-14: the payment password the balance asks for: its input when one is set, the form that sets it when none is
 * (a buyer without one sets it here, the first time), and the lock's words while it is locked.
 */
export function BalancePassword({
  status,
  refresh,
  value,
  onChange,
}: {
  status: PayPasswordStatus_StatusFragment | null;
  refresh: () => void;
  value: string;
  onChange: (value: string) => void;
}) {
  const styles = useStyles();
  const [setting, setSetting] = useState(false);
  if (!status) return null;
  if (!status.isSet) {
    return (
      <div className={styles.box}>
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>使用余额支付或账期支付需要6位支付密码，您还没有设置。设置后即可付款。</MessageBarBody>
        </MessageBar>
        {setting ? (
          <PayPasswordForm status={status} onDone={refresh} onCancel={() => setSetting(false)} />
        ) : (
          <Button appearance="secondary" onClick={() => setSetting(true)}>
            设置支付密码
          </Button>
        )}
      </div>
    );
  }
  if (status.lockedForSeconds > 0) {
    return (
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          {payPasswordLockedText(status.lockedForSeconds)} <Link to={PAY_PASSWORD_PATH}>重设支付密码</Link>
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <div className={styles.box}>
      <Field label="支付密码" required hint={<Link to={PAY_PASSWORD_PATH}>忘记支付密码？</Link>}>
        <Input
          className={styles.input}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={value}
          onChange={(_event, next) => onChange(next.value.replace(/\D/g, ''))}
        />
      </Field>
    </div>
  );
}
