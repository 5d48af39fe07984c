import { useMutation } from '@apollo/client/react';
import { Button } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate, useOutletContext } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { graphql } from '../../gql';
import { useRulesForm } from '../../shared/form/FormField';
import { asFieldErrors, showMessages } from '../../shared/form/server-errors';
import { NEW_PASSWORD_RULES, RESET_CODE_RULES, type FormErrors } from './registration';
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
  const sentBack = useMemo(() => asFieldErrors(flow.codeErrors), [flow.codeErrors]);
  const form = useRulesForm(RESET_CODE_RULES, { phone: flow.phone, code: flow.code }, sentBack);
  const phone = useWatch({ control: form.control, name: 'phone' });

  if (flow.reset) return <Navigate to="../step3" relative="route" replace />;

  const onSubmit = form.handleSubmit(({ phone: typed, code }) => {
    flow.update({ phone: typed, code, codeErrors: {}, codeDone: true });
    void navigate('../step2', { relative: 'route' });
  });

  return (
    <FormCard title="找回密码" onSubmit={(event) => void onSubmit(event)}>
      <StepIndicator labels={STEPS} current={1} />
      <PhoneField form={form} name="phone" hint="注册时填写的手机号" />
      <CodeField
        form={form}
        name="code"
        phone={phone}
        purpose="RESET_PASSWORD"
        timer={flow.timer}
        onErrors={(found) => showMessages(form, CODE_FIELDS, found)}
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
  const form = useRulesForm(NEW_PASSWORD_RULES, { password: '', confirm: '' });
  const [resetPassword, { loading }] = useMutation(ResetPasswordMutation, { context: inlineContext(CODE_REFUSALS) });
  const submit = useFinishStep({
    refusals: CODE_REFUSALS,
    firstStepFields: CODE_FIELDS,
    back: (codeErrors) => flow.update({ codeErrors, codeDone: false }),
    // The upstream words a refused password on `password`; anything else about this step is shown there too.
    here: (fields) => showMessages(form, ['password'], { password: fields['password'] ?? Object.values(fields)[0] }),
    // Every session of the buyer has ended; a browser that was signed in must no longer show the account.
    finish: () => flow.update({ reset: true }),
  });

  if (flow.reset) return <Navigate to="../step3" relative="route" replace />;
  if (!flow.codeDone) return <Navigate to="../step1" relative="route" replace />;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    await submit(() => resetPassword({ variables: { phone: flow.phone.trim(), code: flow.code.trim(), password } }));
  });

  return (
    <FormCard title="找回密码" onSubmit={(event) => void onSubmit(event)}>
      <StepIndicator labels={STEPS} current={2} />
      <NewPasswordFields
        form={form}
        names={{ password: 'password', confirm: 'confirm' }}
        labels={{ password: '新密码', confirm: '确认新密码' }}
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
