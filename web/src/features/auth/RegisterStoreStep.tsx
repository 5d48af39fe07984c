import { useMutation } from '@apollo/client/react';
import { Input } from '@fluentui/react-components';
import { FormCard } from '../../components/FormCard';
import { StepIndicator } from '../../components/StepIndicator';
import { graphql } from '../../gql';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { showMessages } from '../../shared/form/server-errors';
import { Navigate } from '../../shared/navigate';
import { inlineContext, StepActions, useFinishStep } from './auth-form';
import { ACCOUNT_FIELDS, ACCOUNT_REFUSALS, accountInput, useRegisterFlow } from './register-flow';
import { STORE_RULES, type StoreForm } from './registration';

export const RegisterStoreMutation = graphql(`
  mutation RegisterStore($input: RegisterStoreInput!) {
    registerStore(input: $input) {
      ...RegisterFlow_signedIn
    }
  }
`);

/** The upstream's names of the store step's fields. */
const STORE_FIELDS: Readonly<Record<string, keyof StoreForm>> = { inviteCode: 'invite', store: 'store', name: 'name' };

/** STORE-03, step 2 of /register/dd: the chain's invitation code, the new store and its contact; registers. */
export function RegisterStoreStep() {
  const flow = useRegisterFlow();
  const form = useRulesForm(STORE_RULES, flow.store);
  const [register, { loading }] = useMutation(RegisterStoreMutation, { context: inlineContext(ACCOUNT_REFUSALS) });
  const submit = useFinishStep({
    refusals: ACCOUNT_REFUSALS,
    firstStepFields: ACCOUNT_FIELDS,
    back: (accountErrors) => flow.update({ accountErrors, accountDone: false }),
    here: (fields) => {
      const found: Partial<Record<keyof StoreForm, string>> = {};
      for (const [field, key] of Object.entries(STORE_FIELDS)) if (fields[field]) found[key] = fields[field];
      showMessages(form, ['invite', 'store', 'name'], found);
    },
    finish: () => flow.update({ registered: true }),
  });

  if (flow.registered) return <Navigate to="../step3" relative="route" replace />;
  if (!flow.accountDone) return <Navigate to="../step1" relative="route" replace />;

  const onSubmit = form.handleSubmit(async (store) => {
    flow.update({ store });
    await submit(async () => {
      const result = await register({
        variables: {
          input: {
            ...accountInput(flow.account),
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
  });

  return (
    <FormCard title="门店注册" onSubmit={(event) => void onSubmit(event)}>
      <StepIndicator labels={flow.steps} current={2} />
      <FormField
        form={form}
        name="invite"
        label="邀请码"
        required
        hint="向连锁总部索取：总部账号在“多门店管理”中生成，7天内有效"
      >
        {(input) => <Input {...input} autoComplete="off" placeholder="XXXX-XXXX" />}
      </FormField>
      <FormField form={form} name="store" label="门店名称" required hint="例如：城西店，2-20个字">
        {(input) => <Input {...input} />}
      </FormField>
      <FormField form={form} name="name" label="联系人" required>
        {(input) => <Input {...input} autoComplete="name" />}
      </FormField>
      <StepActions submitLabel="完成注册" loading={loading} onBack={() => flow.update({ store: form.getValues() })} />
    </FormCard>
  );
}
