import { useMutation, useQuery } from '@apollo/client/react';
import { Input, makeStyles, tokens } from '@fluentui/react-components';
import { useLocation } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { FactList } from '../../components/FactList';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { BasicInfoPageQuery as BasicInfoAnswer } from '../../gql/graphql';
import { GridForm } from '../../shared/form/GridForm';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../../shared/form/server-errors';
import { notify } from '../../shared/notify';
import { loginPath } from '../../shared/redirect';
import { useViewer } from '../../shared/viewer';
import { CONTACT_RULES, PASSWORD_CHANGE_RULES, type PasswordChangeForm, type PasswordField } from './account-rules';
import { QualificationAlertBar } from './QualificationAlertBar';

export const BasicInfoPageQuery = graphql(`
  query BasicInfoPage {
    me {
      id
      username
      company
      name
      phone
      accountManager {
        name
        phone
        isDedicated
      }
      businessScope
      qualificationAlert {
        ...QualificationAlertBar_alert
      }
    }
  }
`);

export const UpdateUserInfoMutation = graphql(`
  mutation UpdateUserInfo($input: UserInfoInput!) {
    updateUserInfo(input: $input) {
      user {
        id
        name
        phone
      }
    }
  }
`);

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input) {
      endedSessions
    }
  }
`);

const useStyles = makeStyles({
  alert: { marginBottom: tokens.spacingVerticalM },
  scope: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, margin: 0, padding: 0 },
  scopeItem: {
    listStyleType: 'none',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    fontSize: tokens.fontSizeBase200,
  },
  label: { margin: 0, color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

type Me = NonNullable<BasicInfoAnswer['me']>;

/** ACCOUNT-01: the contact name and phone, saved with the mobile/landline rule. */
function ContactForm({ me }: { me: Me }) {
  const form = useRulesForm(CONTACT_RULES, { name: me.name ?? '', phone: me.phone ?? '' });
  const [save, { loading }] = useMutation(UpdateUserInfoMutation);

  const submit = form.handleSubmit(async (values) => {
    try {
      const input = { name: values.name.trim(), phone: values.phone.trim() };
      await save({ variables: { input }, context: INLINE_INPUT_ERRORS });
    } catch (error) {
      setServerErrors(error, form.setError, ['name', 'phone']);
      return;
    }
    notify({ kind: 'toast', intent: 'success', text: '联系人信息已保存' });
  });

  return (
    <GridForm label="联系人信息" onSubmit={submit} loading={loading}>
      <FormField form={form} name="name" label="联系人" required>
        {(input) => <Input {...input} autoComplete="name" />}
      </FormField>
      <FormField form={form} name="phone" label="联系电话" required>
        {(input) => <Input {...input} type="tel" autoComplete="tel" />}
      </FormField>
    </GridForm>
  );
}

const PASSWORD_LABELS: Record<PasswordField, string> = {
  oldPassword: '原密码',
  password: '新密码',
  passwordConfirmation: '确认新密码',
};
const PASSWORD_FIELDS = Object.keys(PASSWORD_LABELS) as PasswordField[];
const EMPTY_PASSWORDS: PasswordChangeForm = { oldPassword: '', password: '', passwordConfirmation: '' };

/** ACCOUNT-02: the old password, then the new one twice; the buyer's other devices are signed out. */
function PasswordForm() {
  const form = useRulesForm(PASSWORD_CHANGE_RULES, EMPTY_PASSWORDS);
  const [change, { loading }] = useMutation(ChangePasswordMutation);

  const submit = form.handleSubmit(async (values) => {
    const result = await change({ variables: { input: values }, context: INLINE_INPUT_ERRORS }).catch(
      (error: unknown) => {
        setServerErrors(error, form.setError, PASSWORD_FIELDS);
        return null;
      },
    );
    if (!result) return;
    const ended = result.data?.changePassword.endedSessions ?? 0;
    form.reset(EMPTY_PASSWORDS);
    notify({
      kind: 'toast',
      intent: 'success',
      text: ended > 0 ? `密码修改成功，其他${ended}个登录已退出` : '密码修改成功',
    });
  });

  return (
    <GridForm label="修改密码" onSubmit={submit} loading={loading} submitLabel="修改密码" pendingLabel="正在提交…">
      {PASSWORD_FIELDS.map((name) => (
        <FormField
          key={name}
          form={form}
          name={name}
          label={PASSWORD_LABELS[name]}
          required
          hint={name === 'password' ? '8-20位，需包含字母和数字' : undefined}
        >
          {(input) => (
            <Input
              {...input}
              type="password"
              autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
            />
          )}
        </FormField>
      ))}
    </GridForm>
  );
}

/** /basic (/jcxx_index; /zhzx and /zhzx_jcxx lead here): who the company is, its contact, and the password. */
export default function BasicInfoPage() {
  const styles = useStyles();
  const location = useLocation();
  const viewer = useViewer();
  const { data, loading } = useQuery(BasicInfoPageQuery, { skip: !viewer.signedIn, fetchPolicy: 'cache-and-network' });
  if (viewer.known && !viewer.signedIn) return <Navigate to={loginPath(location)} replace />;
  const me = data?.me;
  if (!me) {
    return (
      <>
        <SectionHeading>基本信息</SectionHeading>
        <EmptyState title={loading || !viewer.known ? '正在加载基本信息…' : '基本信息暂时无法加载'} />
      </>
    );
  }
  const manager = me.accountManager;
  return (
    <>
      <SectionHeading>基本信息</SectionHeading>
      <QualificationAlertBar alert={me.qualificationAlert} className={styles.alert} />
      <Panel title="企业信息">
        <FactList
          layout="columns"
          facts={[
            { label: '企业名称', value: me.company ?? '—' },
            { label: '登录账号', value: me.username },
            // SHELL-04: a dedicated manager is 专属客服, the default pool 客户经理; none assigned, nothing shown.
            manager
              ? { label: manager.isDedicated ? '专属客服' : '客户经理', value: `${manager.name} ${manager.phone}` }
              : { label: '客户经理', value: null },
          ]}
        />
        <p className={styles.label} id="business-scope">
          经营范围
        </p>
        {me.businessScope.length > 0 ? (
          <ul className={styles.scope} aria-labelledby="business-scope">
            {me.businessScope.map((scope) => (
              <li key={scope} className={styles.scopeItem}>
                {scope}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.label}>暂无经营范围信息，请联系客户经理</p>
        )}
      </Panel>
      <Panel title="联系人信息">
        <ContactForm key={me.id} me={me} />
      </Panel>
      <Panel title="修改密码" last>
        <PasswordForm />
      </Panel>
    </>
  );
}
