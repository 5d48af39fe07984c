import { useApolloClient } from '@apollo/client/react';
import { Button, Input } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FormCard } from '../../components/FormCard';
import { StepIndicator } from '../../components/StepIndicator';
import { graphql } from '../../gql';
import { SECONDARY } from '../../shared/error-policy';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { asFieldErrors, SERVER_ERROR, showMessages } from '../../shared/form/server-errors';
import { Navigate } from '../../shared/navigate';
import { NewPasswordFields, PhoneField, useFormStyles } from './auth-form';
import { CodeField } from './code-field';
import { STORE_STEPS, useRegisterFlow } from './register-flow';
import { ACCOUNT_RULES, isMobile } from './registration';

export const PhoneRegisteredQuery = graphql(`
  query PhoneRegistered($phone: String!) {
    phoneRegistered(phone: $phone)
  }
`);

/** Step 1: the mobile number and its code, the login name and the password. */
export function RegisterAccountStep() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const client = useApolloClient();
  const flow = useRegisterFlow();
  const sentBack = useMemo(() => asFieldErrors(flow.accountErrors), [flow.accountErrors]);
  const form = useRulesForm(ACCOUNT_RULES, flow.account, sentBack);
  const { control } = form;
  const phone = useWatch({ control, name: 'phone' });

  // AUTH-13: a number already registered is said on leaving the field, before a code is asked for; the upstream
  // refuses it again at registration (40033) whatever this check missed.
  const checkPhoneFree = async () => {
    const typed = form.getValues('phone').trim();
    if (!isMobile(typed)) return;
    const result = await client
      .query({ query: PhoneRegisteredQuery, variables: { phone: typed }, context: SECONDARY })
      .catch(() => null);
    if (result?.data?.phoneRegistered)
      form.setError('phone', { type: SERVER_ERROR, message: '该手机号已注册，请直接登录' });
  };

  if (flow.registered) return <Navigate to="../step3" relative="route" replace />;

  const onSubmit = form.handleSubmit((account) => {
    flow.update({ account, accountErrors: {}, accountDone: true });
    void navigate('../step2', { relative: 'route' });
  });

  return (
    <FormCard title="注册会员" onSubmit={(event) => void onSubmit(event)}>
      <StepIndicator labels={flow.steps} current={1} />
      {flow.wechat ? <p className={styles.hint}>注册完成后将绑定微信：{flow.wechat.account}</p> : null}
      <PhoneField form={form} name="phone" onBlur={() => void checkPhoneFree()} />
      <CodeField
        form={form}
        name="code"
        phone={phone}
        purpose="REGISTER"
        timer={flow.timer}
        onErrors={(found) => showMessages(form, ['phone', 'code'], found)}
      />
      <FormField form={form} name="username" label="用户名" required hint="4-20位字母、数字或下划线，不以数字开头">
        {(input) => <Input {...input} autoComplete="username" />}
      </FormField>
      <NewPasswordFields
        form={form}
        names={{ password: 'password', confirm: 'confirm' }}
        labels={{ password: '密码', confirm: '确认密码' }}
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
