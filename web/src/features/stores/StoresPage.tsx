import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Button, Checkbox, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { StoreInvites } from './StoreInvites';
import { graphql } from '../../gql';
import type { StoresPageQuery as StoresPageData } from '../../gql/graphql';
import { toast } from '../../shared/notify';
import { loginPath } from '../../shared/redirect';

export const StoresPageQuery = graphql(`
  query StoresPage {
    me {
      id
      username
      name
      company
      store {
        id
        username
        name
        storeName
        address
      }
      storeAccounts {
        id
        username
        name
        storeName
        address
      }
    }
    cart {
      id
      lines {
        id
        isAvailable
      }
    }
  }
`);

export const SwitchStoreMutation = graphql(`
  mutation SwitchStore($id: ID!) {
    switchStore(id: $id) {
      user {
        id
        username
      }
    }
  }
`);

export const CopyCartToStoresMutation = graphql(`
  mutation CopyCartToStores($ids: [ID!]!, $toUserIds: [ID!]!) {
    copyCartLines(ids: $ids, toUserIds: $toUserIds) {
      copied
      message
    }
  }
`);

type Store = NonNullable<StoresPageData['me']>['storeAccounts'][number];

const useStyles = makeStyles({
  intro: { margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground2 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalM },
  card: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalL,
    alignItems: 'center',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 600px)': { gridTemplateColumns: 'auto minmax(0, 1fr)' },
  },
  current: { border: `1px solid ${tokens.colorBrandStroke1}` },
  name: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  line: { margin: `${tokens.spacingVerticalXS} 0 0`, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  tag: { color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase200 },
  copy: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    marginTop: tokens.spacingVerticalL,
  },
  link: { color: tokens.colorBrandForeground1 },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actions: { '@media (max-width: 600px)': { gridColumn: '2' } },
});

const storeTitle = (s: Store) => s.storeName ?? s.name ?? s.username;

/**
 * /ddgl (/zhzx_ddgl): the store accounts of the buyer's company (ACCOUNT-20). The buyer switches to another store
 * without a password (a new session for it), or copies the cart's lines to chosen stores' carts.
 */
export default function StoresPage() {
  const styles = useStyles();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useApolloClient();
  const { data, loading } = useQuery(StoresPageQuery, { fetchPolicy: 'cache-and-network' });
  const [switchTo, switching] = useMutation(SwitchStoreMutation);
  const [copy, copying] = useMutation(CopyCartToStoresMutation);
  const [confirming, setConfirming] = useState<Store | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());

  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const me = data?.me;
  if (!me) return <EmptyState title={loading ? '正在加载门店…' : '门店暂时无法加载'} />;
  const lineIds = (data.cart?.lines ?? []).filter((l) => l.isAvailable).map((l) => l.id);

  const doSwitch = async () => {
    const target = confirming;
    setConfirming(null);
    if (!target) return;
    const result = await switchTo({ variables: { id: target.id } });
    if (!result.data) return;
    // Everything cached was the other store's: start over as the new one, as after a login.
    await client.resetStore();
    toast(`已切换到 ${storeTitle(target)}`, 'success');
    void navigate('/user', { replace: true });
  };
  const doCopy = async () => {
    const result = await copy({ variables: { ids: lineIds, toUserIds: [...chosen] } });
    const payload = result.data?.copyCartLines;
    if (payload) toast(payload.message ?? `已复制 ${payload.copied} 条`, payload.copied > 0 ? 'success' : 'warning');
  };
  const toggle = (id: string, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <SectionHeading>多门店管理</SectionHeading>
      <p className={styles.intro}>
        {me.company ?? ''} 名下的门店账号共用公司资质，可免密切换；切换后以该门店的身份下单、收货。
      </p>
      <ul className={styles.list} aria-label="门店账号">
        <li className={mergeClasses(styles.card, styles.current)}>
          <span className={styles.tag}>当前门店</span>
          <div>
            <p className={styles.name}>{storeTitle(me.store)}</p>
            <p className={styles.line}>
              账号：{me.store.username}
              {me.store.name ? `，联系人：${me.store.name}` : ''}
            </p>
            <p className={styles.line}>{me.store.address ?? '尚未填写收货地址'}</p>
          </div>
        </li>
        {me.storeAccounts.map((s) => (
          <li key={s.id} className={styles.card}>
            <Checkbox
              aria-label={`复制购物车到 ${storeTitle(s)}`}
              checked={chosen.has(s.id)}
              onChange={(_e, d) => toggle(s.id, d.checked === true)}
            />
            <div>
              <p className={styles.name}>{storeTitle(s)}</p>
              <p className={styles.line}>
                账号：{s.username}
                {s.name ? `，联系人：${s.name}` : ''}
              </p>
              <p className={styles.line}>{s.address ?? '尚未填写收货地址'}</p>
            </div>
            <div className={styles.actions}>
              <Button
                disabled={switching.loading}
                onClick={() => setConfirming(s)}
                aria-label={`切换到 ${storeTitle(s)}`}
              >
                切换到此门店
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {me.storeAccounts.length === 0 ? (
        <EmptyState title="公司名下暂无其他门店账号">可在下方生成邀请码，邀请分店注册加入。</EmptyState>
      ) : (
        <Panel label="复制购物车" className={styles.copy}>
          <Button
            appearance="primary"
            disabled={chosen.size === 0 || lineIds.length === 0 || copying.loading}
            onClick={() => void doCopy()}
          >
            复制购物车到所选门店
          </Button>
          <span className={styles.note}>
            {lineIds.length === 0 ? (
              <>
                购物车中没有可复制的商品，
                <Link className={styles.link} to="/cart">
                  去购物车
                </Link>
              </>
            ) : (
              `将购物车中 ${lineIds.length} 种可购商品加入所选门店的购物车（已有的商品数量累加）。`
            )}
          </span>
        </Panel>
      )}
      <StoreInvites />
      <ConfirmDialog
        open={confirming !== null}
        title="切换门店"
        confirmLabel="确定切换"
        cancelLabel="取消"
        onConfirm={() => void doSwitch()}
        onClose={() => setConfirming(null)}
      >
        切换到 {confirming ? storeTitle(confirming) : ''} 后，当前账号将退出登录，之后的订单、购物车都属于该门店。
      </ConfirmDialog>
    </>
  );
}
