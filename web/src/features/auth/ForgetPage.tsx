import { useApolloClient, useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Button, Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, Outlet, useNavigate, useOutletContext } from 'react-router';
import { graphql } from '../../gql';
import type { InlineInputErrorsContext } from '../../shared/error-policy';
import {
  businessCodeOf,
  checkNewPassword,
  checkResetCode,
  hasErrors,
  serverFieldErrors,
  type FormErrors,
} from './registration';
import { CodeInput, DoneCard, StepActions, useFormStyles, type CodeTimer } from './auth-form';
import { StepIndicator } from '../../components/StepIndicator';

export const ResetPasswordMutation = graphql(`
  mutation ResetPassword($phone: String!, $code: String!, $password: String!) {
    resetPassword(phone: $phone, code: $code, password: $password) {
      message
    }
  }
`);

const STEPS = ['验证手机号', '设置新密码', '重置成功'] as const;

/** 40031 wrong or expired code, 40034 unknown number: shown on step 1's fields, not in a dialog. */
const CODE_REFUSALS: Readonly<Record<number, 'phone' | 'code'>> = { 40031: 'code', 40034: 'phone' };

type CodeErrors = FormErrors<'phone' | 'code'>;

interface ForgetFlowState {
  phone: string;
  setPhone: (phone: string) => void;
  code: string;
  setCode: (code: string) => void;
  codeErrors: CodeErrors;
  setCodeErrors: (errors: CodeErrors) => void;
  codeDone: boolean;
  setCodeDone: (done: boolean) => void;
  reset: boolean;
  setReset: (reset: boolean) => void;
  timer: CodeTimer;
}

/** /forget: keeps the number and code in state while the buyer moves between /forget/step1..3. */
export default function ForgetFlow() {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeErrors, setCodeErrors] = useState<CodeErrors>({});
  const [codeDone, setCodeDone] = useState(false);
  const [reset, setReset] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const state: ForgetFlowState = {
    phone,
    setPhone,
    code,
    setCode,
    codeErrors,
    setCodeErrors,
    codeDone,
    setCodeDone,
    reset,
    setReset,
    timer: { resendAt, setResendAt },
  };
  return <Outlet context={state} />;
}

const useFlow = () => useOutletContext<ForgetFlowState>();

/** Step 1: the mobile number and the code sent to it. */
export function ForgetCodeStep() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const flow = useFlow();
  const errors = flow.codeErrors;
  const [sent, setSent] = useState<string | undefined>();

  if (flow.reset) return <Navigate to="../step3" relative="route" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkResetCode({ phone: flow.phone, code: flow.code });
    flow.setCodeErrors(found);
    if (hasErrors(found)) return;
    flow.setCodeDone(true);
    void navigate('../step2', { relative: 'route' });
  };

  return (
    <div className={styles.page}>
      <form className={styles.card} onSubmit={onSubmit} noValidate>
        <h1 className={styles.heading}>找回密码</h1>
        <StepIndicator labels={STEPS} current={1} />
        <Field
          label="手机号"
          required
          validationMessage={errors.phone}
          hint={errors.phone ? undefined : '注册时填写的手机号'}
        >
          <Input
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            value={flow.phone}
            onChange={(_event, data) => {
              flow.setPhone(data.value);
              if (errors.phone) flow.setCodeErrors({ ...errors, phone: undefined });
            }}
          />
        </Field>
        <Field
          label="验证码"
          required
          validationMessage={errors.code ?? sent}
          validationState={errors.code ? 'error' : sent ? 'success' : undefined}
        >
          <CodeInput
            name="code"
            phone={flow.phone}
            purpose="RESET_PASSWORD"
            timer={flow.timer}
            value={flow.code}
            onChange={(_event, data) => {
              flow.setCode(data.value);
              if (errors.code) flow.setCodeErrors({ ...errors, code: undefined });
            }}
            onErrors={(found) => {
              setSent(undefined);
              flow.setCodeErrors(found);
            }}
            onSent={setSent}
          />
        </Field>
        <Button appearance="primary" type="submit">
          下一步
        </Button>
        <p className={styles.hint}>
          想起密码了？<Link to="/login">返回登录</Link>
        </p>
      </form>
    </div>
  );
}

/** Step 2: the new password twice; resets it and signs the buyer out everywhere. */
export function ForgetPasswordStep() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const client = useApolloClient();
  const flow = useFlow();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors<'password' | 'confirm'>>({});
  const [resetPassword, { loading }] = useMutation(ResetPasswordMutation, {
    context: {
      inlineInputErrors: true,
      inlineBusinessCodes: Object.keys(CODE_REFUSALS).map(Number),
    } satisfies InlineInputErrorsContext,
  });

  if (flow.reset) return <Navigate to="../step3" relative="route" replace />;
  if (!flow.codeDone) return <Navigate to="../step1" relative="route" replace />;

  const backToCode = (codeErrors: CodeErrors) => {
    flow.setCodeErrors(codeErrors);
    flow.setCodeDone(false);
    void navigate('../step1', { relative: 'route' });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkNewPassword({ password, confirm });
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await resetPassword({ variables: { phone: flow.phone.trim(), code: flow.code.trim(), password } });
    } catch (error) {
      if (!CombinedGraphQLErrors.is(error)) return;
      const refusal = businessCodeOf(error.errors);
      const refusedField = refusal ? CODE_REFUSALS[refusal.code] : undefined;
      const fields = serverFieldErrors(error.errors);
      if (refusal && refusedField) backToCode({ [refusedField]: refusal.message });
      else if (fields?.['phone'] || fields?.['code']) backToCode({ phone: fields['phone'], code: fields['code'] });
      else if (fields) setErrors({ password: fields['password'] ?? Object.values(fields)[0] });
      return;
    }
    // Every session of the buyer has ended; a browser that was signed in must no longer show the account.
    await client.resetStore().catch(() => undefined);
    flow.setReset(true);
    void navigate('../step3', { relative: 'route', replace: true });
  };

  return (
    <div className={styles.page}>
      <form className={styles.card} onSubmit={(event) => void onSubmit(event)} noValidate>
        <h1 className={styles.heading}>找回密码</h1>
        <StepIndicator labels={STEPS} current={2} />
        <Field
          label="新密码"
          required
          validationMessage={errors.password}
          hint={errors.password ? undefined : '8-20位，需包含字母和数字'}
        >
          <Input
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(_event, data) => {
              setPassword(data.value);
              if (errors.password) setErrors({ ...errors, password: undefined });
            }}
          />
        </Field>
        <Field label="确认新密码" required validationMessage={errors.confirm}>
          <Input
            name="confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={(_event, data) => {
              setConfirm(data.value);
              if (errors.confirm) setErrors({ ...errors, confirm: undefined });
            }}
          />
        </Field>
        <StepActions submitLabel="重置密码" loading={loading} />
      </form>
    </div>
  );
}

/** Step 3: the password is reset; the buyer signs in with the new one. */
export function ForgetDoneStep() {
  const flow = useFlow();
  if (!flow.reset) return <Navigate to="../step1" relative="route" replace />;
  return (
    <DoneCard id="forget-done" steps={STEPS} title="重置成功" message="密码已重置，请用新密码登录。">
      <Link to="/login">去登录</Link>
    </DoneCard>
  );
}
