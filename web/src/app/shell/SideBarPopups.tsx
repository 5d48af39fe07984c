import { makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import type { SideBar_SiteFragment } from '../../gql/graphql';
import { bareButton } from '../../components/bare-button';
import { PANEL_COLLAPSED_PX } from './side-bar-size';

// What the side bar's rail opens beside itself: customer service (chat or QQ) and the social account's code.
const useStyles = makeStyles({
  service: {
    position: 'absolute',
    right: `${PANEL_COLLAPSED_PX + 4}px`,
    bottom: '64px',
    width: '200px',
    padding: '12px',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase200,
  },
  serviceList: { listStyleType: 'none', margin: '8px 0 0', padding: 0, display: 'grid', gap: '4px' },
  serviceNote: { margin: '8px 0 0', color: tokens.colorNeutralForeground2 },
  // SHELL-08: the embedded chat, a panel beside the rail with its own title bar.
  chat: {
    position: 'absolute',
    right: `${PANEL_COLLAPSED_PX + 4}px`,
    bottom: '16px',
    width: '360px',
    height: 'min(520px, calc(100vh - 32px))',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow28,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
  },
  chatHead: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: '8px 12px',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
  },
  chatClose: { ...bareButton, color: tokens.colorNeutralForegroundOnBrand, fontSize: '20px', display: 'flex' },
  chatFrame: { flexGrow: 1, width: '100%', border: 'none' },
  // SHELL-08: the social account's code, beside its rail entry while it is hovered or focused.
  qr: {
    position: 'absolute',
    right: `${PANEL_COLLAPSED_PX + 4}px`,
    bottom: '40px',
    width: '160px',
    padding: '12px',
    display: 'grid',
    justifyItems: 'center',
    gap: '6px',
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase200,
  },
  qrImage: { display: 'block', width: '136px', height: '136px' },
});

/** SHELL-08: what the customer-service entry opens: the embedded chat, or the QQ contacts (saying when chat is not open). */
export function customerService(
  site: Pick<SideBar_SiteFragment, 'canChat' | 'chatUrl'>,
): { kind: 'chat'; url: string } | { kind: 'qq'; chatNotOpen: boolean } {
  if (site.canChat && site.chatUrl) return { kind: 'chat', url: site.chatUrl };
  return { kind: 'qq', chatNotOpen: site.canChat };
}

export function QqContacts({ qqs, chatNotOpen }: { qqs: readonly string[]; chatNotOpen: boolean }) {
  const styles = useStyles();
  return (
    <section className={styles.service} aria-label="QQ 客服">
      <strong>QQ 客服</strong>
      {chatNotOpen ? <p className={styles.serviceNote}>在线客服暂未开通，请通过 QQ 联系我们。</p> : null}
      <ul className={styles.serviceList}>
        {qqs.map((qq) => (
          <li key={qq}>
            <a
              href={`https://wpa.qq.com/msgrd?v=3&uin=${encodeURIComponent(qq)}&site=qq&menu=yes`}
              target="_blank"
              rel="noopener noreferrer"
            >
              QQ：{qq}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** SHELL-08: the embedded chat with its own title bar; its page is an outside service, loaded once this is shown. */
export function ChatPanel({ url, onClose }: { url: string; onClose: () => void }) {
  const styles = useStyles();
  return (
    <section className={styles.chat} aria-label="在线客服">
      <div className={styles.chatHead}>
        <span>在线客服</span>
        <button type="button" className={styles.chatClose} aria-label="关闭在线客服" onClick={onClose}>
          <DismissRegular aria-hidden />
        </button>
      </div>
      <iframe className={styles.chatFrame} src={url} title="在线客服" />
    </section>
  );
}

/** SHELL-08: the social account's code, beside its rail entry while that is hovered or focused. */
export function SocialCode({ social }: { social: NonNullable<SideBar_SiteFragment['socialAccount']> }) {
  const styles = useStyles();
  return (
    <div className={styles.qr} role="tooltip">
      <img className={styles.qrImage} src={social.qrCodeUrl} alt={`${social.name}二维码`} width={136} height={136} />
      <span>扫码关注{social.name}</span>
    </div>
  );
}
