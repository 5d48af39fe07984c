import { useMutation } from '@apollo/client/react';
import { Input } from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormCard } from '../../components/FormCard';
import { StepIndicator } from '../../components/StepIndicator';
import { graphql } from '../../gql';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { showMessages } from '../../shared/form/server-errors';
import { Navigate } from '../../shared/navigate';
import { inlineContext, StepActions, useFinishStep, useFormStyles } from './auth-form';
import { ACCOUNT_FIELDS, ACCOUNT_REFUSALS, accountInput, STEPS, useRegisterFlow } from './register-flow';
import { COMPANY_RULES } from './registration';

export const RegisterMutation = graphql(`
  mutation Register($input: RegisterInput!) {
    register(input: $input) {
      ...RegisterFlow_signedIn
    }
  }
`);

/** Step 2: the company and its contact person; registers, and the buyer is signed in as login signs in. */
export function RegisterCompanyStep() {
  const styles = useFormStyles();
  const flow = useRegisterFlow();
  const form = useRulesForm(COMPANY_RULES, flow.company);
  const [wechatError, setWechatError] = useState<string | null>(null);
  const [register, { loading }] = useMutation(RegisterMutation, { context: inlineContext(ACCOUNT_REFUSALS) });
  const submit = useFinishStep({
    refusals: ACCOUNT_REFUSALS,
    firstStepFields: ACCOUNT_FIELDS,
    back: (accountErrors) => flow.update({ accountErrors, accountDone: false }),
    here: (fields) => {
      showMessages(form, ['company', 'name'], fields);
      // AUTH-12: the WeChat authorisation expired while the form was filled in: register again with WeChat.
      if (fields['wechatTicket']) setWechatError(fields['wechatTicket']);
    },
    // Registering signs the buyer in, as login does (AUTH-05).
    finish: () => flow.update({ registered: true }),
  });

  if (flow.registered) return <Navigate to="../step3" relative="route" replace />;
  if (!flow.accountDone) return <Navigate to="../step1" relative="route" replace />;

  const onSubmit = form.handleSubmit(async (company) => {
    // Kept by the flow, so a refusal that sends the buyer back to step 1 does not lose it.
    flow.update({ company });
    await submit(() =>
      register({
        variables: {
          input: {
            ...accountInput(flow.account),
            company: company.company.trim(),
            name: company.name.trim(),
            ...(flow.wechat ? { wechatTicket: flow.wechat.ticket } : {}),
          },
        },
      }),
    );
  });

  return (
    <FormCard title="注册会员" onSubmit={(event) => void onSubmit(event)}>
      <StepIndicator labels={STEPS} current={2} />
      <FormField form={form} name="company" label="企业名称" required hint="药店或诊所的名称，2-50个字">
        {(input) => <Input {...input} autoComplete="organization" />}
      </FormField>
      <FormField form={form} name="name" label="联系人" required>
        {(input) => <Input {...input} autoComplete="name" />}
      </FormField>
      {wechatError ? (
        <p className={styles.hint} role="alert">
          {wechatError}，<Link to="/register/wechat">重新扫码</Link>
        </p>
      ) : null}
      <StepActions submitLabel="完成注册" loading={loading} onBack={() => flow.update({ company: form.getValues() })} />
    </FormCard>
  );
}
