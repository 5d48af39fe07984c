import { useMutation } from '@apollo/client/react';
import { Button } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useOutletContext } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { graphql } from '../../gql';
import { checkNewPassword, checkResetCode, hasErrors, type FormErrors } from './registration';
import {
  DoneCard,
  NewPasswordFields,
  PhoneField,
  StepActions,
  useFormStyles,
  inlineContext,
  StepFlowOutlet,
  useFinishStep,
  type StepFlow,
} from './auth-form';
import { CodeField } from './code-field';
import { FormCard } from '../../components/FormCard';
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
const CODE_FIELDS = ['phone', 'code'] as const;

interface ForgetState {
  phone: string;
  code: string;
  codeErrors: CodeErrors;
  /** Step 1 was passed (its fields checked): step 2 may show. */
  codeDone: boolean;
  reset: boolean;
}

/** /forget: keeps the number and code in state while the buyer moves between /forget/step1..3. */
export default function ForgetFlow() {
  return <StepFlowOutlet<ForgetState> start={{ phone: '', code: '', codeErrors: {}, codeDone: false, reset: false }} />;
}

const useFlow = () => useOutletContext<StepFlow<ForgetState>>();

/** Step 1: the mobile number and the code sent to it. */
export function ForgetCodeStep() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const flow = useFlow();
  const errors = flow.codeErrors;

  if (flow.reset) return <Navigate to="../step3" relative="route" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkResetCode({ phone: flow.phone, code: flow.code });
    flow.update(hasErrors(found) ? { codeErrors: found } : { codeErrors: found, codeDone: true });
    if (hasErrors(found)) return;
    void navigate('../step2', { relative: 'route' });
  };

  return (
    <FormCard title="找回密码" onSubmit={onSubmit}>
      <StepIndicator labels={STEPS} current={1} />
      <PhoneField
        value={flow.phone}
        error={errors.phone}
        hint="注册时填写的手机号"
        onChange={(_event, data) => {
          flow.update({ phone: data.value, codeErrors: { ...errors, phone: undefined } });
        }}
      />
      <CodeField
        name="code"
        phone={flow.phone}
        purpose="RESET_PASSWORD"
        timer={flow.timer}
        value={flow.code}
        error={errors.code}
        onChange={(_event, data) => {
          flow.update({ code: data.value, codeErrors: { ...errors, code: undefined } });
        }}
        onErrors={(found) => flow.update({ codeErrors: found })}
      />
      <Button appearance="primary" type="submit">
        下一步
      </Button>
      <p className={styles.hint}>
        想起密码了？<Link to="/login">返回登录</Link>
      </p>
    </FormCard>
  );
}

/** Step 2: the new password twice; resets it and signs the buyer out everywhere. */
export function ForgetPasswordStep() {
  const flow = useFlow();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors<'password' | 'confirm'>>({});
  const [resetPassword, { loading }] = useMutation(ResetPasswordMutation, { context: inlineContext(CODE_REFUSALS) });
  const submit = useFinishStep({
    refusals: CODE_REFUSALS,
    firstStepFields: CODE_FIELDS,
    back: (codeErrors) => flow.update({ codeErrors, codeDone: false }),
    here: (fields) => setErrors({ password: fields['password'] ?? Object.values(fields)[0] }),
    // Every session of the buyer has ended; a browser that was signed in must no longer show the account.
    finish: () => flow.update({ reset: true }),
  });

  if (flow.reset) return <Navigate to="../step3" relative="route" replace />;
  if (!flow.codeDone) return <Navigate to="../step1" relative="route" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkNewPassword({ password, confirm });
    setErrors(found);
    if (hasErrors(found)) return;
    await submit(() => resetPassword({ variables: { phone: flow.phone.trim(), code: flow.code.trim(), password } }));
  };

  return (
    <FormCard title="找回密码" onSubmit={(event) => void onSubmit(event)}>
      <StepIndicator labels={STEPS} current={2} />
      <NewPasswordFields
        labels={{ password: '新密码', confirm: '确认新密码' }}
        password={password}
        confirm={confirm}
        errors={errors}
        onPassword={(_event, data) => {
          setPassword(data.value);
          if (errors.password) setErrors({ ...errors, password: undefined });
        }}
        onConfirm={(_event, data) => {
          setConfirm(data.value);
          if (errors.confirm) setErrors({ ...errors, confirm: undefined });
        }}
      />
      <StepActions submitLabel="重置密码" loading={loading} />
    </FormCard>
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
