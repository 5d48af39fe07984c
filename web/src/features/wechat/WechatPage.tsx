import { useMutation, useQuery } from '@apollo/client/react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { FactList } from '../../components/FactList';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { toast } from '../../shared/notify';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';

export const WechatPageQuery = graphql(`
  query WechatPage {
    me {
      id
      wechat {
        open
        bound
        account
        boundAt
      }
    }
  }
`);

export const StartWechatBindingMutation = graphql(`
  mutation StartWechatBinding {
    startWechatBinding {
      url
    }
  }
`);

export const BindWechatMutation = graphql(`
  mutation BindWechat($code: String!, $state: String!) {
    bindWechat(code: $code, state: $state) {
      bound
      account
    }
  }
`);

export const UnbindWechatMutation = graphql(`
  mutation UnbindWechat {
    unbindWechat {
      bound
    }
  }
`);

const useStyles = makeStyles({
  panel: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
  },
  text: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: tokens.lineHeightBase400 },
  closed: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/**
 * /bdwx (/zhzx_bdwx): the buyer's WeChat binding (ACCOUNT-21..ACCOUNT-23). Binding goes through WeChat's own QR code
 * page, which sends the buyer back here with `code` and `state`; this page hands both to the gateway once and then
 * clears them from the address. Where WeChat login is not configured the page says so and offers nothing to press.
 */
export default function WechatPage() {
  const styles = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data, loading, refetch } = useQuery(WechatPageQuery, { fetchPolicy: 'cache-and-network' });
  const [start, starting] = useMutation(StartWechatBindingMutation);
  const [bind, binding] = useMutation(BindWechatMutation);
  const [unbind, unbinding] = useMutation(UnbindWechatMutation);
  const [confirming, setConfirming] = useState(false);
  const handled = useRef(false);

  const code = params.get('code');
  const state = params.get('state');
  useEffect(() => {
    if (handled.current || state === null) return;
    handled.current = true;
    // Back from WeChat: without a code the buyer declined on the phone.
    const finish = async () => {
      if (code) {
        const result = await bind({ variables: { code, state } }).catch(() => null);
        if (result?.data?.bindWechat.bound) toast('微信绑定成功', 'success');
      } else {
        toast('您已取消微信授权，未绑定微信', 'warning');
      }
      void navigate({ search: '' }, { replace: true });
      void refetch();
    };
    void finish();
  }, [bind, code, navigate, refetch, state]);

  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const wechat = data?.me?.wechat;
  if (!wechat || binding.loading) {
    return (
      <EmptyState title={binding.loading ? '正在完成微信绑定…' : loading ? '正在加载…' : '绑定信息暂时无法加载'} />
    );
  }

  const goToWechat = async () => {
    const result = await start();
    const url = result.data?.startWechatBinding.url;
    if (url) window.location.assign(url);
  };
  const doUnbind = async () => {
    setConfirming(false);
    await unbind();
    toast('已解除微信绑定', 'success');
    await refetch();
  };

  return (
    <>
      <SectionHeading>绑定微信</SectionHeading>
      <Panel label="微信绑定" className={styles.panel}>
        {wechat.bound ? (
          <>
            <FactList
              facts={[
                { label: '绑定状态', value: '已绑定' },
                { label: '微信账号', value: wechat.account ?? '' },
                { label: '绑定时间', value: wechat.boundAt ? formatDateTime(wechat.boundAt) : '' },
              ]}
            />
            <p className={styles.text}>绑定后，订单发货、退款到账等通知也会推送到您的微信。</p>
            <div className={styles.actions}>
              <Button disabled={unbinding.loading} onClick={() => setConfirming(true)}>
                解除绑定
              </Button>
            </div>
          </>
        ) : wechat.open ? (
          <>
            <p className={styles.text}>
              当前账号未绑定微信。点击下方按钮，将打开微信的扫码页面，用手机微信扫码并确认后即完成绑定。
            </p>
            <div className={styles.actions}>
              <Button appearance="primary" disabled={starting.loading} onClick={() => void goToWechat()}>
                微信扫码绑定
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className={styles.closed}>微信绑定暂未开通</p>
            <p className={styles.text}>本平台尚未开通微信登录，暂时无法绑定微信。开通后可在此页面扫码绑定。</p>
          </>
        )}
      </Panel>
      <ConfirmDialog
        open={confirming}
        title="解除微信绑定"
        confirmLabel="解除绑定"
        cancelLabel="取消"
        onConfirm={() => void doUnbind()}
        onClose={() => setConfirming(false)}
      >
        解除后将不再通过微信接收订单和账户通知，确定解除绑定吗？
      </ConfirmDialog>
    </>
  );
}
