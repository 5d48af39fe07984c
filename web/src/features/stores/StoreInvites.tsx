import { useMutation, useQuery } from '@apollo/client/react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router';
import { Panel } from '../../components/Panel';
import { graphql } from '../../gql';
import type { StoreInviteStatus } from '../../gql/graphql';
import { toast } from '../../shared/notify';
import { formatDateTime } from '../../shared/time';

export const StoreInvitesQuery = graphql(`
  query StoreInvites {
    me {
      id
      storeInvites {
        id
        hint
        createdAt
        expiresAt
        uses
        status
      }
    }
  }
`);

export const CreateStoreInviteMutation = graphql(`
  mutation CreateStoreInvite {
    createStoreInvite {
      code
      invite {
        id
        expiresAt
      }
    }
  }
`);

export const RevokeStoreInviteMutation = graphql(`
  mutation RevokeStoreInvite($id: ID!) {
    revokeStoreInvite(id: $id)
  }
`);

const STATUS_TEXT: Record<StoreInviteStatus, string> = { LIVE: '有效', EXPIRED: '已过期', REVOKED: '已撤销' };

const useStyles = makeStyles({
  panel: { marginTop: tokens.spacingVerticalM },
  text: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: tokens.lineHeightBase400 },
  code: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    fontFamily: tokens.fontFamilyMonospace,
    letterSpacing: '0.1em',
    color: tokens.colorBrandForeground1,
  },
  made: {
    display: 'grid',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorBrandBackground2,
    borderRadius: tokens.borderRadiusMedium,
  },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXS },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

/**
 * STORE-01, STORE-02: invitations for new stores of the company to register at /register_dd. A new code is shown
 * here once, as it is made; the list shows each invitation by its last two characters.
 */
export function StoreInvites() {
  const styles = useStyles();
  const { data, refetch } = useQuery(StoreInvitesQuery, { fetchPolicy: 'cache-and-network' });
  const [create, creating] = useMutation(CreateStoreInviteMutation);
  const [revoke, revoking] = useMutation(RevokeStoreInviteMutation);
  const [made, setMade] = useState<{ code: string; expiresAt: string } | null>(null);
  const invites = data?.me?.storeInvites ?? [];

  const doCreate = async () => {
    const result = await create().catch(() => null);
    const answer = result?.data?.createStoreInvite;
    if (!answer) return;
    setMade({ code: answer.code, expiresAt: answer.invite.expiresAt });
    await refetch();
  };
  const doRevoke = async (id: string) => {
    const result = await revoke({ variables: { id } }).catch(() => null);
    if (result?.data?.revokeStoreInvite) toast('邀请码已撤销', 'success');
    await refetch();
  };
  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      toast('邀请码已复制', 'success');
    } catch {
      toast('无法复制，请手动抄写邀请码', 'warning');
    }
  };

  return (
    <Panel title="邀请新门店" className={styles.panel}>
      <p className={styles.text}>
        生成邀请码交给新门店，新门店在<Link to="/register_dd">门店注册</Link>
        页面填写邀请码即可加入本公司，共用公司资质。邀请码7天内有效，可供多家门店使用，随时可撤销。
      </p>
      {made ? (
        <div className={styles.made} role="status">
          <p className={styles.text}>新邀请码（只显示这一次，请立即复制或抄写）：</p>
          <p className={styles.code}>{made.code}</p>
          <p className={styles.text}>有效期至 {formatDateTime(made.expiresAt)}</p>
          <div>
            <Button onClick={() => void copy(made.code)}>复制邀请码</Button>
          </div>
        </div>
      ) : null}
      <div>
        <Button appearance="primary" disabled={creating.loading} onClick={() => void doCreate()}>
          生成邀请码
        </Button>
      </div>
      {invites.length === 0 ? (
        <p className={styles.muted}>还没有生成过邀请码。</p>
      ) : (
        <ul className={styles.list} aria-label="邀请码">
          {invites.map((invite) => (
            <li key={invite.id} className={styles.row}>
              <span>尾号 {invite.hint}</span>
              <span className={styles.muted}>{STATUS_TEXT[invite.status]}</span>
              <span className={styles.muted}>已注册 {invite.uses} 家</span>
              <span className={styles.muted}>有效期至 {formatDateTime(invite.expiresAt)}</span>
              {invite.status === 'LIVE' ? (
                <Button
                  size="small"
                  disabled={revoking.loading}
                  aria-label={`撤销尾号 ${invite.hint} 的邀请码`}
                  onClick={() => void doRevoke(invite.id)}
                >
                  撤销
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
