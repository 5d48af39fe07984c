import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Spinner } from '@fluentui/react-components';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormCard } from '../../components/FormCard';
import { graphql } from '../../gql';
import { useFormStyles } from './auth-form';

export const WechatRegistrationOpenQuery = graphql(`
  query WechatRegistrationOpen {
    wechatRegistrationOpen
  }
`);

export const StartWechatRegistrationMutation = graphql(`
  mutation StartWechatRegistration {
    startWechatRegistration {
      url
    }
  }
`);

export const IdentifyWechatRegistrationMutation = graphql(`
  mutation IdentifyWechatRegistration($code: String!, $state: String!) {
    identifyWechatRegistration(code: $code, state: $state) {
      ticket
      account
    }
  }
`);

/** What /register/wechat hands the registration steps: the WeChat to bind (AUTH-12). */
export interface WechatSignup {
  ticket: string;
  account: string;
}

/**
 * /register/wechat (AUTH-12): registering with WeChat. Unconfigured, the page says plainly that it is not open and
 * leads to registration by phone. Otherwise the visitor scans WeChat's QR code; WeChat sends them back here with
 * `code` and `state`, handed to the gateway once, and the usual steps follow with that WeChat to bind.
 */
export default function WechatRegisterPage() {
  const styles = useFormStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const returning = state !== null;
  const open = useQuery(WechatRegistrationOpenQuery, { skip: returning });
  const [start, starting] = useMutation(StartWechatRegistrationMutation);
  const [identify] = useMutation(IdentifyWechatRegistrationMutation);
  const [failure, setFailure] = useState<string | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || state === null) return;
    handled.current = true;
    const finish = async () => {
      // Back from WeChat without a code: the visitor declined on the phone.
      if (!code) {
        setFailure('您已取消微信授权');
        return;
      }
      try {
        const result = await identify({ variables: { code, state } });
        const found = result.data?.identifyWechatRegistration;
        if (!found) throw new Error('no ticket');
        const wechat: WechatSignup = { ticket: found.ticket, account: found.account };
        void navigate('/register/step1', { replace: true, state: { wechat } });
      } catch (error) {
        setFailure(
          error instanceof Error && error.message !== 'no ticket' ? error.message : '微信授权失败，请重新扫码注册',
        );
      }
    };
    void finish();
  }, [code, identify, navigate, state]);

  const goToWechat = async () => {
    const result = await start().catch(() => null);
    const url = result?.data?.startWechatRegistration.url;
    if (url) window.location.assign(url);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void goToWechat();
  };
  if (returning && failure === null) {
    return (
      <FormCard title="微信注册" onSubmit={(event) => event.preventDefault()}>
        <Spinner label="正在确认微信授权…" />
      </FormCard>
    );
  }
  return (
    <FormCard title="微信注册" onSubmit={onSubmit}>
      {failure ? (
        <p className={styles.hint} role="alert">
          {failure}
        </p>
      ) : null}
      {open.loading ? (
        <Spinner label="正在加载…" />
      ) : open.data?.wechatRegistrationOpen || returning ? (
        <>
          <p className={styles.hint}>
            用微信扫码授权后，填写手机号、账户和企业信息即可完成注册，注册后可直接用微信登录。
          </p>
          <Button appearance="primary" type="submit" disabled={starting.loading}>
            {failure ? '重新扫码注册' : '微信扫码注册'}
          </Button>
        </>
      ) : (
        <p className={styles.hint}>微信注册暂未开通，请使用手机号注册。</p>
      )}
      <p className={styles.hint}>
        <Link to="/register/step1">手机号注册</Link>
        {' · '}
        <Link to="/login">已有账号，立即登录</Link>
      </p>
    </FormCard>
  );
}
