import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation } from '@apollo/client/react';
import { Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { graphql } from '../../gql';
import type { PayPasswordStatus_StatusFragment } from '../../gql/graphql';
import { FormField, useRulesForm } from '../form/FormField';
import { codeRule, confirmRule, payPasswordRule, type FieldRules } from '../form/rules';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../form/server-errors';
import { SendCodeButton } from '../form/send-code';
import { businessCodeOf, type InlineInputErrorsContext } from '../error-policy';
import { toast } from '../notify';

export const PayPasswordStatusFragment = graphql(`
  fragment PayPasswordStatus_status on PayPasswordStatus {
    isSet
    lockedForSeconds
    phone
  }
`);

export const SendPayPasswordCodeMutation = graphql(`
  mutation SendPayPasswordCode {
    sendPayPasswordCode {
      phone
      resendIn
      expiresIn
      userErrors {
        code
        message
      }
    }
  }
`);

export const SetPayPasswordMutation = graphql(`
  mutation SetPayPassword($input: SetPayPasswordInput!) {
    setPayPassword(input: $input) {
      message
      payPassword {
        ...PayPasswordStatus_status
      }
    }
  }
`);

interface PayPasswordValues {
  code: string;
  password: string;
  confirm: string;
}

/** VAL-05, VAL-11: the rules the upstream applies, checked before anything is sent. */
export const PAY_PASSWORD_RULES: FieldRules<PayPasswordValues> = {
  code: codeRule,
  password: payPasswordRule,
  confirm: confirmRule<PayPasswordValues>('password', '请再次输入支付密码', '两次输入的支付密码不一致'),
};

const useStyles = makeStyles({
  form: { display: 'grid', gap: tokens.spacingVerticalM, maxWidth: '360px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

/** 40031: a wrong or expired code belongs on the code field, not in a dialog. */
const CODE_WRONG = 40031;
const SET_CONTEXT: InlineInputErrorsContext = { ...INLINE_INPUT_ERRORS, inlineBusinessCodes: [CODE_WRONG] };

/**
 * PAY-14: sets or resets the payment password with a code sent to the buyer's own mobile, in the account centre and
 * on the pay page. The password fields are never prefilled, trimmed or kept once sent.
 */
export function PayPasswordForm({
  status,
  onDone,
  onCancel,
}: {
  status: PayPasswordStatus_StatusFragment;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const styles = useStyles();
  const form = useRulesForm(PAY_PASSWORD_RULES, { code: '', password: '', confirm: '' });
  const [resendAt, setResendAt] = useState(0);
  const [sent, setSent] = useState<string | undefined>();
  const [sendCode, sending] = useMutation(SendPayPasswordCodeMutation, { context: INLINE_INPUT_ERRORS });
  const [save, saving] = useMutation(SetPayPasswordMutation, { context: SET_CONTEXT });

  const onSend = async () => {
    form.clearErrors('code');
    setSent(undefined);
    const answer = (await sendCode().catch(() => null))?.data?.sendPayPasswordCode;
    if (!answer) return;
    if (answer.resendIn > 0) setResendAt(Date.now() + answer.resendIn * 1000);
    const [refusal] = answer.userErrors;
    if (refusal) form.setError('code', { type: 'server', message: refusal.message });
    else setSent(`验证码已发送至${answer.phone ?? status.phone}，${Math.round(answer.expiresIn / 60)}分钟内有效`);
  };

  const onSubmit = form.handleSubmit(async ({ code, password, confirm }) => {
    try {
      const result = await save({ variables: { input: { code, password, passwordConfirmation: confirm } } });
      const message = result.data?.setPayPassword.message;
      if (message) toast(message, 'success');
      form.reset();
      onDone();
    } catch (error) {
      const refusal = CombinedGraphQLErrors.is(error) ? businessCodeOf(error.errors) : null;
      if (refusal?.code === CODE_WRONG)
        form.setError('code', { type: 'server', message: refusal.message }, { shouldFocus: true });
      else setServerErrors(error, form.setError, ['code', 'password'], { rename: { passwordConfirmation: 'confirm' } });
    }
  });

  return (
    <form method="post" className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
      <FormField form={form} name="code" label="验证码" required success={sent} hint={`验证码将发送至${status.phone}`}>
        {(binding) => (
          <Input
            {...binding}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            contentAfter={<SendCodeButton resendAt={resendAt} sending={sending.loading} onSend={() => void onSend()} />}
          />
        )}
      </FormField>
      <FormField
        form={form}
        name="password"
        label={status.isSet ? '新支付密码' : '支付密码'}
        required
        hint="6位数字，不能是相同或连续的数字"
      >
        {(binding) => (
          <Input {...binding} type="password" inputMode="numeric" autoComplete="new-password" maxLength={6} />
        )}
      </FormField>
      <FormField form={form} name="confirm" label="确认支付密码" required>
        {(binding) => (
          <Input {...binding} type="password" inputMode="numeric" autoComplete="new-password" maxLength={6} />
        )}
      </FormField>
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={saving.loading}>
          {saving.loading ? '正在保存…' : status.isSet ? '重设支付密码' : '设置支付密码'}
        </Button>
        {onCancel ? (
          <Button appearance="secondary" onClick={onCancel}>
            取消
          </Button>
        ) : null}
      </div>
    </form>
  );
}
