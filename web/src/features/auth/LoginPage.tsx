import type { ApolloClient } from '@apollo/client';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { graphql } from '../../gql';
import { safeRedirect } from '../../shared/redirect';
import { markSessionChanged } from '../../shared/session-change';
import { FormCard } from '../../components/FormCard';
import { SiteLink } from '../../components/SiteLink';
import { SECONDARY } from '../../shared/error-policy';
import { preloadAll } from '../../shared/preload';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { required, type FieldRules } from '../../shared/form/rules';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../../shared/form/server-errors';

export const LoginMutation = graphql(`
  mutation Login($username: String!, $password: String!) {
    login(username: $username, password: $password) {
      user {
        id
        username
        company
      }
    }
  }
`);

/** AUTH-14: the picture beside the login form (banner slot LOGIN); secondary, so a failure leaves it out. */
export const LoginBannerQuery = graphql(`
  query LoginBanner {
    loginBanners: banners(slot: LOGIN) {
      id
      image
      url
      title
    }
  }
`);

/** Route loader: the picture is in the cache when the page renders (on the server, in one pass). */
export function preload(client: ApolloClient): Promise<null> {
  return preloadAll(client.query({ query: LoginBannerQuery, errorPolicy: 'all', context: SECONDARY }));
}

const useStyles = makeStyles({
  // AUTH-14: the picture and the form side by side where there is room; a phone shows the form alone.
  layout: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalXXXL,
  },
  banner: {
    display: 'block',
    flexShrink: 1,
    width: '560px',
    aspectRatio: '10 / 7',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
    '@media (max-width: 960px)': { display: 'none' },
  },
  bannerImage: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, display: 'flex' },
  forget: { marginLeft: 'auto' },
});

interface LoginForm {
  username: string;
  password: string;
}

/** What the screen checks before asking; the upstream judges the pair (AUTH-01). */
const LOGIN_RULES: FieldRules<LoginForm> = {
  username: required('请输入用户名'),
  password: (value) => (value === '' ? '请输入密码' : value.length < 6 ? '密码至少 6 位' : undefined),
};

/** /login: on success the cache is reset (no data of the visitor session survives) and the buyer goes back. */
export default function LoginPage() {
  const styles = useStyles();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useRulesForm(LOGIN_RULES, { username: '', password: '' });
  const [login, { loading }] = useMutation(LoginMutation, { context: INLINE_INPUT_ERRORS });
  const banner = useQuery(LoginBannerQuery, { errorPolicy: 'all', context: SECONDARY }).data?.loginBanners?.[0];

  const onSubmit = form.handleSubmit(async ({ username, password }) => {
    try {
      await login({ variables: { username: username.trim(), password } });
    } catch (error) {
      // AUTH-01: a refusal about anything but the username (wrong credentials name no field) is shown on the password.
      setServerErrors(error, form.setError, ['username'], { fallback: 'password' });
      return;
    }
    // AUTH-10: the page the buyer returns to is loaded anew (the flag), so nothing of the visitor's state survives;
    // where the tab cannot keep the flag, the cache is reset and refetched instead.
    if (markSessionChanged()) await client.clearStore();
    else await client.resetStore();
    void navigate(safeRedirect(params.get('redirect')), { replace: true });
  });

  const picture = banner ? (
    <img className={styles.bannerImage} src={banner.image} alt={banner.title} width={560} height={392} />
  ) : null;
  return (
    <div className={styles.layout}>
      {banner?.url ? (
        <SiteLink className={styles.banner} url={banner.url} label={banner.title}>
          {picture}
        </SiteLink>
      ) : banner ? (
        <div className={styles.banner}>{picture}</div>
      ) : null}
      <FormCard title="会员登录" narrow onSubmit={(event) => void onSubmit(event)}>
        <FormField form={form} name="username" label="用户名" required>
          {(input) => <Input {...input} autoComplete="username" />}
        </FormField>
        <FormField form={form} name="password" label="密码" required>
          {(input) => <Input {...input} type="password" autoComplete="current-password" />}
        </FormField>
        <Button appearance="primary" type="submit" disabled={loading}>
          {loading ? '登录中…' : '登录'}
        </Button>
        <p className={styles.hint}>
          还没有账号？<Link to="/register">免费注册</Link>
          <Link className={styles.forget} to="/forget">
            忘记密码
          </Link>
        </p>
      </FormCard>
    </div>
  );
}
