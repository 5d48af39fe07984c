import { useMutation } from '@apollo/client/react';
import { Button, Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useOutletContext } from 'react-router';
import { graphql } from '../../gql';
import {
  checkAccount,
  checkCompany,
  hasErrors,
  type AccountForm,
  type CompanyForm,
  type FormErrors,
} from './registration';
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

export const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      user {
        id
        username
        company
      }
    }
  }
`);

const STEPS = ['填写账户信息', '填写企业信息', '注册成功'] as const;
const ACCOUNT_FIELDS: readonly (keyof AccountForm)[] = ['phone', 'code', 'username', 'password', 'confirm'];

/** 40031 wrong or expired code, 40033 the number registered meanwhile: shown on step 1's fields, not in a dialog. */
const ACCOUNT_REFUSALS: Readonly<Record<number, keyof AccountForm>> = { 40031: 'code', 40033: 'phone' };

type AccountErrors = FormErrors<keyof AccountForm>;

interface RegisterState {
  account: AccountForm;
  accountErrors: AccountErrors;
  company: CompanyForm;
  /** Step 1 was passed (its fields checked): step 2 may show. */
  accountDone: boolean;
  registered: boolean;
}

const START: RegisterState = {
  account: { phone: '', code: '', username: '', password: '', confirm: '' },
  accountErrors: {},
  company: { company: '', name: '' },
  accountDone: false,
  registered: false,
};

/** /register and /register_index: holds the steps' values while the buyer moves between /…/step1..3. */
export default function RegisterFlow() {
  return <StepFlowOutlet start={START} />;
}

const useFlow = () => useOutletContext<StepFlow<RegisterState>>();

/** Step 1: the mobile number and its code, the login name and the password. */
export function RegisterAccountStep() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const flow = useFlow();
  const { account, accountErrors: errors } = flow;
  // Typing in a field answers its message: the message goes until the next check.
  const set = (field: keyof AccountForm) => (_event: unknown, data: { value: string }) => {
    flow.update({ account: { ...account, [field]: data.value }, accountErrors: { ...errors, [field]: undefined } });
  };

  if (flow.registered) return <Navigate to="../step3" relative="route" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkAccount(account);
    flow.update(hasErrors(found) ? { accountErrors: found } : { accountErrors: found, accountDone: true });
    if (hasErrors(found)) return;
    void navigate('../step2', { relative: 'route' });
  };

  return (
    <FormCard title="注册会员" onSubmit={onSubmit}>
      <StepIndicator labels={STEPS} current={1} />
      <PhoneField value={account.phone} error={errors.phone} onChange={set('phone')} />
      <CodeField
        name="code"
        phone={account.phone}
        purpose="REGISTER"
        timer={flow.timer}
        value={account.code}
        error={errors.code}
        onChange={set('code')}
        onErrors={(found) => flow.update({ accountErrors: { ...errors, phone: found.phone, code: found.code } })}
      />
      <Field
        label="用户名"
        required
        validationMessage={errors.username}
        hint={errors.username ? undefined : '4-20位字母、数字或下划线，不以数字开头'}
      >
        <Input name="username" autoComplete="username" value={account.username} onChange={set('username')} />
      </Field>
      <NewPasswordFields
        labels={{ password: '密码', confirm: '确认密码' }}
        password={account.password}
        confirm={account.confirm}
        errors={errors}
        onPassword={set('password')}
        onConfirm={set('confirm')}
      />
      <Button appearance="primary" type="submit">
        下一步
      </Button>
      <p className={styles.hint}>
        已有账号？<Link to="/login">立即登录</Link>
      </p>
    </FormCard>
  );
}

/** Step 2: the company and its contact person; registers, and the buyer is signed in as login signs in. */
export function RegisterCompanyStep() {
  const flow = useFlow();
  const { company } = flow;
  const [errors, setErrors] = useState<FormErrors<keyof CompanyForm>>({});
  const [register, { loading }] = useMutation(RegisterMutation, { context: inlineContext(ACCOUNT_REFUSALS) });
  const submit = useFinishStep({
    refusals: ACCOUNT_REFUSALS,
    firstStepFields: ACCOUNT_FIELDS,
    back: (accountErrors) => flow.update({ accountErrors, accountDone: false }),
    here: (fields) => setErrors({ company: fields['company'], name: fields['name'] }),
    // Registering signs the buyer in, as login does (AUTH-05).
    finish: () => flow.update({ registered: true }),
  });
  const set = (field: keyof CompanyForm) => (_event: unknown, data: { value: string }) => {
    flow.update({ company: { ...company, [field]: data.value } });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  if (flow.registered) return <Navigate to="../step3" relative="route" replace />;
  if (!flow.accountDone) return <Navigate to="../step1" relative="route" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkCompany(company);
    setErrors(found);
    if (hasErrors(found)) return;
    const { account } = flow;
    await submit(() =>
      register({
        variables: {
          input: {
            phone: account.phone.trim(),
            code: account.code.trim(),
            username: account.username.trim(),
            password: account.password,
            company: company.company.trim(),
            name: company.name.trim(),
          },
        },
      }),
    );
  };

  return (
    <FormCard title="注册会员" onSubmit={(event) => void onSubmit(event)}>
      <StepIndicator labels={STEPS} current={2} />
      <Field
        label="企业名称"
        required
        validationMessage={errors.company}
        hint={errors.company ? undefined : '药店或诊所的名称，2-50个字'}
      >
        <Input name="company" autoComplete="organization" value={company.company} onChange={set('company')} />
      </Field>
      <Field label="联系人" required validationMessage={errors.name}>
        <Input name="name" autoComplete="name" value={company.name} onChange={set('name')} />
      </Field>
      <StepActions submitLabel="完成注册" loading={loading} />
    </FormCard>
  );
}

/** Step 3: registered and signed in. */
export function RegisterDoneStep() {
  const flow = useFlow();
  if (!flow.registered) return <Navigate to="../step1" relative="route" replace />;
  return (
    <DoneCard
      id="register-done"
      steps={STEPS}
      title="注册成功"
      message={`欢迎加入，${flow.company.company.trim()}的账号已登录。`}
    >
      <Link to="/">去首页</Link>
      <Link to="/user">去会员中心</Link>
    </DoneCard>
  );
}
