import { useApolloClient, useMutation } from '@apollo/client/react';
import { Button, Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useOutletContext } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { graphql } from '../../gql';
import { SECONDARY } from '../../shared/error-policy';
import {
  checkAccount,
  checkCompany,
  checkStore,
  hasErrors,
  isMobile,
  type AccountForm,
  type CompanyForm,
  type FormErrors,
  type StoreForm,
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
import type { WechatSignup } from './WechatRegisterPage';
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

export const RegisterStoreMutation = graphql(`
  mutation RegisterStore($input: RegisterStoreInput!) {
    registerStore(input: $input) {
      user {
        id
        username
        company
      }
    }
  }
`);

export const PhoneRegisteredQuery = graphql(`
  query PhoneRegistered($phone: String!) {
    phoneRegistered(phone: $phone)
  }
`);

const STEPS = ['填写账户信息', '填写企业信息', '注册成功'] as const;
/** STORE-03: the chain-store variant's steps (/register_dd). */
const STORE_STEPS = ['填写账户信息', '填写门店信息', '注册成功'] as const;
const ACCOUNT_FIELDS: readonly (keyof AccountForm)[] = ['phone', 'code', 'username', 'password', 'confirm'];

/** 40031 wrong or expired code, 40033 the number registered meanwhile: shown on step 1's fields, not in a dialog. */
const ACCOUNT_REFUSALS: Readonly<Record<number, keyof AccountForm>> = { 40031: 'code', 40033: 'phone' };

type AccountErrors = FormErrors<keyof AccountForm>;

interface RegisterState {
  /** The variant's step names: a company registers (/register) or a chain's new store joins it (/register_dd). */
  steps: readonly string[];
  account: AccountForm;
  accountErrors: AccountErrors;
  company: CompanyForm;
  store: StoreForm;
  /** The company a store joined, as the upstream named it. */
  joined: string;
  /** AUTH-12: the WeChat to bind, when the visitor came from /register/wechat. */
  wechat: WechatSignup | null;
  /** Step 1 was passed (its fields checked): step 2 may show. */
  accountDone: boolean;
  registered: boolean;
}

const START: RegisterState = {
  steps: STEPS,
  account: { phone: '', code: '', username: '', password: '', confirm: '' },
  accountErrors: {},
  company: { company: '', name: '' },
  store: { invite: '', store: '', name: '' },
  joined: '',
  wechat: null,
  accountDone: false,
  registered: false,
};

/** The WeChat /register/wechat handed over in the navigation's state, if any (AUTH-12). */
function wechatOf(state: unknown): WechatSignup | null {
  if (typeof state !== 'object' || state === null || !('wechat' in state)) return null;
  const { wechat } = state as { wechat: unknown };
  if (typeof wechat !== 'object' || wechat === null) return null;
  const { ticket, account } = wechat as Record<string, unknown>;
  return typeof ticket === 'string' && typeof account === 'string' ? { ticket, account } : null;
}

/** /register and /register_index: holds the steps' values while the buyer moves between /…/step1..3. */
export default function RegisterFlow() {
  const { state } = useLocation();
  return <StepFlowOutlet start={{ ...START, wechat: wechatOf(state) }} />;
}

/** /register/dd (STORE-03): the same first step, then the chain's invitation instead of a new company. */
export function RegisterStoreFlow() {
  return <StepFlowOutlet start={{ ...START, steps: STORE_STEPS }} />;
}

const useFlow = () => useOutletContext<StepFlow<RegisterState>>();

/** Step 1: the mobile number and its code, the login name and the password. */
export function RegisterAccountStep() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const client = useApolloClient();
  const flow = useFlow();
  const { account, accountErrors: errors } = flow;
  // Typing in a field answers its message: the message goes until the next check.
  const set = (field: keyof AccountForm) => (_event: unknown, data: { value: string }) => {
    flow.update({ account: { ...account, [field]: data.value }, accountErrors: { ...errors, [field]: undefined } });
  };

  // AUTH-13: a number already registered is said on leaving the field, before a code is asked for; the upstream
  // refuses it again at registration (40033) whatever this check missed.
  const checkPhoneFree = async () => {
    const phone = account.phone.trim();
    if (!isMobile(phone)) return;
    const result = await client
      .query({ query: PhoneRegisteredQuery, variables: { phone }, context: SECONDARY })
      .catch(() => null);
    if (result?.data?.phoneRegistered) {
      flow.update({ accountErrors: { ...flow.accountErrors, phone: '该手机号已注册，请直接登录' } });
    }
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
      <StepIndicator labels={flow.steps} current={1} />
      {flow.wechat ? <p className={styles.hint}>注册完成后将绑定微信：{flow.wechat.account}</p> : null}
      <PhoneField
        value={account.phone}
        error={errors.phone}
        onChange={set('phone')}
        onBlur={() => void checkPhoneFree()}
      />
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
      <p className={styles.hint}>
        {flow.steps === STORE_STEPS ? (
          <>
            注册新企业？<Link to="/register/step1">企业注册</Link>
          </>
        ) : (
          <>
            连锁门店加入总部账号？<Link to="/register/dd/step1">门店注册</Link>
          </>
        )}
        {' · '}
        <Link to="/register/wechat">微信注册</Link>
      </p>
    </FormCard>
  );
}

/** Step 2: the company and its contact person; registers, and the buyer is signed in as login signs in. */
export function RegisterCompanyStep() {
  const styles = useFormStyles();
  const flow = useFlow();
  const { company } = flow;
  const [errors, setErrors] = useState<FormErrors<keyof CompanyForm>>({});
  const [wechatError, setWechatError] = useState<string | null>(null);
  const [register, { loading }] = useMutation(RegisterMutation, { context: inlineContext(ACCOUNT_REFUSALS) });
  const submit = useFinishStep({
    refusals: ACCOUNT_REFUSALS,
    firstStepFields: ACCOUNT_FIELDS,
    back: (accountErrors) => flow.update({ accountErrors, accountDone: false }),
    here: (fields) => {
      setErrors({ company: fields['company'], name: fields['name'] });
      // AUTH-12: the WeChat authorisation expired while the form was filled in: register again with WeChat.
      if (fields['wechatTicket']) setWechatError(fields['wechatTicket']);
    },
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
            ...(flow.wechat ? { wechatTicket: flow.wechat.ticket } : {}),
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
      {wechatError ? (
        <p className={styles.hint} role="alert">
          {wechatError}，<Link to="/register/wechat">重新扫码</Link>
        </p>
      ) : null}
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

const STORE_FIELDS: Readonly<Record<string, keyof StoreForm>> = { inviteCode: 'invite', store: 'store', name: 'name' };

/** STORE-03, step 2 of /register/dd: the chain's invitation code, the new store and its contact; registers. */
export function RegisterStoreStep() {
  const flow = useFlow();
  const { store } = flow;
  const [errors, setErrors] = useState<FormErrors<keyof StoreForm>>({});
  const [register, { loading }] = useMutation(RegisterStoreMutation, { context: inlineContext(ACCOUNT_REFUSALS) });
  const submit = useFinishStep({
    refusals: ACCOUNT_REFUSALS,
    firstStepFields: ACCOUNT_FIELDS,
    back: (accountErrors) => flow.update({ accountErrors, accountDone: false }),
    here: (fields) => {
      const found: FormErrors<keyof StoreForm> = {};
      for (const [field, key] of Object.entries(STORE_FIELDS)) if (fields[field]) found[key] = fields[field];
      setErrors(found);
    },
    finish: () => flow.update({ registered: true }),
  });
  const set = (field: keyof StoreForm) => (_event: unknown, data: { value: string }) => {
    flow.update({ store: { ...store, [field]: data.value } });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  if (flow.registered) return <Navigate to="../step3" relative="route" replace />;
  if (!flow.accountDone) return <Navigate to="../step1" relative="route" replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkStore(store);
    setErrors(found);
    if (hasErrors(found)) return;
    const { account } = flow;
    await submit(async () => {
      const result = await register({
        variables: {
          input: {
            phone: account.phone.trim(),
            code: account.code.trim(),
            username: account.username.trim(),
            password: account.password,
            inviteCode: store.invite.trim(),
            store: store.store.trim(),
            name: store.name.trim(),
          },
        },
      });
      const company = result.data?.registerStore.user.company;
      if (company) flow.update({ joined: company });
      return result;
    });
  };

  return (
    <FormCard title="门店注册" onSubmit={(event) => void onSubmit(event)}>
      <StepIndicator labels={flow.steps} current={2} />
      <Field
        label="邀请码"
        required
        validationMessage={errors.invite}
        hint={errors.invite ? undefined : '向连锁总部索取：总部账号在“多门店管理”中生成，7天内有效'}
      >
        <Input name="invite" autoComplete="off" value={store.invite} onChange={set('invite')} placeholder="XXXX-XXXX" />
      </Field>
      <Field
        label="门店名称"
        required
        validationMessage={errors.store}
        hint={errors.store ? undefined : '例如：城西店，2-20个字'}
      >
        <Input name="store" value={store.store} onChange={set('store')} />
      </Field>
      <Field label="联系人" required validationMessage={errors.name}>
        <Input name="name" autoComplete="name" value={store.name} onChange={set('name')} />
      </Field>
      <StepActions submitLabel="完成注册" loading={loading} />
    </FormCard>
  );
}

/** Step 3 of /register/dd: the store joined its chain and is signed in. */
export function RegisterStoreDoneStep() {
  const flow = useFlow();
  if (!flow.registered) return <Navigate to="../step1" relative="route" replace />;
  return (
    <DoneCard
      id="register-done"
      steps={flow.steps}
      title="注册成功"
      message={`${flow.store.store.trim()}已加入${flow.joined || '连锁企业'}，账号已登录。`}
    >
      <Link to="/">去首页</Link>
      <Link to="/ddgl">查看多门店管理</Link>
    </DoneCard>
  );
}
