import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { AddressBookQuery } from '../../gql/graphql';
import { toast } from '../../shared/notify';
import { loginPath } from '../../shared/redirect';
import { EMPTY_ADDRESS } from '../../shared/address-rules';
import { AddressEditor } from './AddressEditor';

export const AddressBookPageQuery = graphql(`
  query AddressBook {
    me {
      id
      addresses {
        ...AddressFields_address
      }
    }
  }
`);

export const AddressBookDeleteMutation = graphql(`
  mutation AddressBookDelete($id: ID!) {
    deleteAddress(id: $id)
  }
`);

export const AddressBookSetDefaultMutation = graphql(`
  mutation AddressBookSetDefault($id: ID!) {
    setDefaultAddress(id: $id) {
      address {
        id
        isDefault
      }
    }
  }
`);

type Address = NonNullable<AddressBookQuery['me']>['addresses'][number];

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'baseline', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, flexGrow: 1 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalM },
  card: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalL,
    alignItems: 'center',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 600px)': { gridTemplateColumns: '1fr' },
  },
  defaultCard: { border: `1px solid ${tokens.colorBrandStroke1}` },
  who: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap', margin: 0 },
  name: { fontWeight: tokens.fontWeightSemibold },
  where: { margin: `${tokens.spacingVerticalXS} 0 0`, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const valuesOf = (a: Address) => ({
  consignee: a.consignee,
  phone: a.phone,
  province: a.province,
  city: a.city,
  district: a.district,
  address: a.address,
  isDefault: a.isDefault,
});

/** /addr (/zhzx_shdz): the company's delivery addresses, the same ones checkout offers. */
export default function AddressesPage() {
  const styles = useStyles();
  const location = useLocation();
  const { data, loading, refetch } = useQuery(AddressBookPageQuery, { fetchPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [removing, setRemoving] = useState<Address | null>(null);
  const [remove, removal] = useMutation(AddressBookDeleteMutation);
  const [makeDefault, defaulting] = useMutation(AddressBookSetDefaultMutation);

  if (data && !data.me) return <Navigate to={loginPath(location)} replace />;
  const addresses = data?.me?.addresses;
  if (!addresses) return <EmptyState title={loading ? '正在加载收货地址…' : '收货地址暂时无法加载'} />;

  const done = () => {
    setEditing(null);
    void refetch();
  };
  const confirmRemove = async () => {
    if (!removing) return;
    const target = removing;
    setRemoving(null);
    const result = await remove({ variables: { id: target.id } });
    if (result.data?.deleteAddress) toast('收货地址已删除', 'success');
    await refetch();
  };
  const setDefault = async (address: Address) => {
    await makeDefault({ variables: { id: address.id } });
    toast('已设为默认地址', 'success');
    await refetch();
  };

  return (
    <>
      <div className={styles.head}>
        <SectionHeading>收货地址</SectionHeading>
        <span className={styles.note}>共 {addresses.length} 个地址；下单时默认选中默认地址。</span>
        {editing === null ? (
          <Button appearance="primary" onClick={() => setEditing('new')}>
            新增收货地址
          </Button>
        ) : null}
      </div>
      {editing !== null ? (
        <AddressEditor
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing.id}
          initial={editing === 'new' ? { ...EMPTY_ADDRESS, isDefault: addresses.length === 0 } : valuesOf(editing)}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {addresses.length === 0 ? (
        <EmptyState title="还没有收货地址">添加一个收货地址，下单时即可直接选择。</EmptyState>
      ) : (
        <ul className={styles.list} aria-label="收货地址列表">
          {addresses.map((a) => (
            <li key={a.id} className={mergeClasses(styles.card, a.isDefault && styles.defaultCard)}>
              <div>
                {/* SSR-01: a div, not a paragraph: Fluent's Badge is a div, which the browser's parser moves out of
                    a <p>, so the server's HTML would not be the tree React hydrates (error #418 on every visit). */}
                <div className={styles.who}>
                  <span className={styles.name}>{a.consignee}</span>
                  <span>{a.phone}</span>
                  {a.isDefault ? (
                    <Badge appearance="filled" color="brand">
                      默认地址
                    </Badge>
                  ) : null}
                </div>
                <p className={styles.where}>
                  {a.province}
                  {a.city === a.province ? '' : a.city}
                  {a.district} {a.address}
                </p>
              </div>
              <div className={styles.actions}>
                {a.isDefault ? null : (
                  <Button
                    size="small"
                    disabled={defaulting.loading}
                    aria-label={`将 ${a.consignee} 的地址设为默认`}
                    onClick={() => void setDefault(a)}
                  >
                    设为默认
                  </Button>
                )}
                <Button size="small" aria-label={`修改 ${a.consignee} 的地址`} onClick={() => setEditing(a)}>
                  修改
                </Button>
                <Button
                  size="small"
                  disabled={removal.loading}
                  aria-label={`删除 ${a.consignee} 的地址`}
                  onClick={() => setRemoving(a)}
                >
                  删除
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="删除收货地址"
        confirmLabel="删除"
        cancelLabel="取消"
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      >
        确定删除 {removing?.consignee} 的收货地址吗？
        {removing?.isDefault ? '删除后最新的另一个地址将成为默认地址。' : ''}
      </ConfirmDialog>
    </>
  );
}
