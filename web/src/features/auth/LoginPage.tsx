import type { ApolloClient } from '@apollo/client';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { graphql } from '../../gql';
import { safeRedirect } from '../../shared/redirect';
import { markSessionChanged } from '../../shared/session-change';
import { FormCard } from '../../components/FormCard';
import { SiteLink } from '../../components/SiteLink';
import { SECONDARY } from '../../shared/error-policy';
import { preloadAll } from '../../shared/preload';

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

interface FieldErrors {
  username?: string;
  password?: string;
}

function validate(username: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (username.trim() === '') errors.username = '请输入用户名';
  if (password === '') errors.password = '请输入密码';
  else if (password.length < 6) errors.password = '密码至少 6 位';
  return errors;
}

/** BAD_USER_INPUT's `fields` point at the form field; a wrong password without a field lands on the password. */
function errorsFromAnswer(error: unknown): FieldErrors | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const input = error.errors.find((item) => item.extensions?.['code'] === 'BAD_USER_INPUT');
  if (!input) return null;
  const fields = input.extensions?.['fields'];
  if (fields && typeof fields === 'object') {
    for (const [name, messages] of Object.entries(fields)) {
      const first: unknown = Array.isArray(messages) ? messages[0] : undefined;
      if (typeof first !== 'string') continue;
      if (name === 'username') return { username: first };
      return { password: first };
    }
  }
  return { password: input.message };
}

/** /login: on success the cache is reset (no data of the visitor session survives) and the buyer goes back. */
export default function LoginPage() {
  const styles = useStyles();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [login, { loading }] = useMutation(LoginMutation, { context: { inlineInputErrors: true } });
  const banner = useQuery(LoginBannerQuery, { errorPolicy: 'all', context: SECONDARY }).data?.loginBanners?.[0];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(username, password);
    setErrors(found);
    if (found.username || found.password) return;
    try {
      await login({ variables: { username: username.trim(), password } });
    } catch (error) {
      const fieldErrors = errorsFromAnswer(error);
      if (fieldErrors) setErrors(fieldErrors);
      return;
    }
    // AUTH-10: the page the buyer returns to is loaded anew (the flag), so nothing of the visitor's state survives;
    // where the tab cannot keep the flag, the cache is reset and refetched instead.
    if (markSessionChanged()) await client.clearStore();
    else await client.resetStore();
    void navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

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
        <Field label="用户名" required validationMessage={errors.username}>
          <Input
            name="username"
            autoComplete="username"
            value={username}
            onChange={(_event, data) => setUsername(data.value)}
          />
        </Field>
        <Field label="密码" required validationMessage={errors.password}>
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(_event, data) => setPassword(data.value)}
          />
        </Field>
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
