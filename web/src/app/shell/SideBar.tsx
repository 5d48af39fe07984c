import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowUpRegular } from '@fluentui/react-icons/svg/arrow-up';
import { CartRegular } from '@fluentui/react-icons/svg/cart';
import { ChatRegular } from '@fluentui/react-icons/svg/chat';
import { MailRegular } from '@fluentui/react-icons/svg/mail';
import { PersonRegular } from '@fluentui/react-icons/svg/person';
import { QrCodeRegular } from '@fluentui/react-icons/svg/qr-code';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useFragment, useQuery } from '@apollo/client/react';
import { CartBadgeFragment } from '../../features/cart/CartBadge';
import { graphql } from '../../gql';
import type { SideBar_SiteFragment } from '../../gql/graphql';
import { badgeText, cartEntryLabel } from '../../shared/badge';
import { bareButton } from '../../components/bare-button';
import { marketTokens } from '../../theme/theme';
import { PHONE_CART_BUTTON_PX } from './phone-cart';
import { PANEL_COLLAPSED_PX, PANEL_EXPANDED_PX } from './side-bar-size';
import { ChatPanel, customerService, QqContacts, SocialCode } from './SideBarPopups';

const CartPanel = lazy(() => import('../../features/cart/CartPanel'));

/** The unread count, from the cache only: the shell's query (the top bar's fragment) has already read it. */
export const SideBarUnreadQuery = graphql(`
  query SideBarUnread {
    me {
      id
      messageCount
    }
  }
`);

export const SideBarSiteFragment = graphql(`
  fragment SideBar_site on SiteConfig {
    serviceQq
    canChat
    chatUrl
    socialAccount {
      name
      qrCodeUrl
    }
  }
`);

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    top: 0,
    right: 0,
    bottom: 0,
    zIndex: 40,
    display: 'flex',
    width: `${PANEL_COLLAPSED_PX}px`,
    transitionProperty: 'width',
    transitionDuration: '200ms',
    // SHELL-24: on a phone, one cart button in the strip the page keeps free at the right edge (Layout).
    '@media (max-width: 600px)': { top: 'auto', bottom: '24px', right: 0, width: 'auto' },
  },
  // On a phone the floating cart button would sit on the cart page's own 去结算 bar.
  hiddenOnPhone: { '@media (max-width: 600px)': { display: 'none' } },
  expanded: {
    width: `${PANEL_EXPANDED_PX}px`,
    '@media (max-width: 600px)': { top: 0, bottom: 0, right: 0, width: '100vw' },
  },
  rail: {
    width: `${PANEL_COLLAPSED_PX}px`,
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: '2px',
    backgroundColor: marketTokens.colorBarDark,
    '@media (max-width: 600px)': { backgroundColor: 'transparent', justifyContent: 'flex-end' },
  },
  item: {
    ...bareButton,
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '2px',
    padding: '8px 0',
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase100,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorBrandBackground },
    '@media (max-width: 600px)': { display: 'none' },
  },
  icon: { fontSize: '20px' },
  cartLabel: { writingMode: 'vertical-rl', letterSpacing: '2px', '@media (max-width: 600px)': { display: 'none' } },
  cartItem: {
    '@media (max-width: 600px)': {
      display: 'flex',
      writingMode: 'horizontal-tb',
      width: `${PHONE_CART_BUTTON_PX}px`,
      minHeight: '56px',
      padding: '8px 0',
      boxSizing: 'border-box',
      justifyContent: 'center',
      borderRadius: `${tokens.borderRadiusXLarge} 0 0 ${tokens.borderRadiusXLarge}`,
      backgroundColor: tokens.colorBrandBackground,
      boxShadow: tokens.shadow16,
    },
  },
  count: {
    minWidth: '16px',
    padding: '0 4px',
    borderRadius: '8px',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    '@media (max-width: 600px)': {
      backgroundColor: tokens.colorNeutralBackground1,
      color: tokens.colorBrandForeground1,
    },
  },
  panel: {
    flexGrow: 1,
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    display: 'flex',
    flexDirection: 'column',
  },
});

function RailItem({
  children,
  ...props
}: {
  children: ReactNode;
  className: string;
  to?: string;
  onClick?: () => void;
  label: string;
  expanded?: boolean;
}) {
  if (props.to) {
    return (
      <Link className={props.className} to={props.to} aria-label={props.label}>
        {children}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={props.className}
      aria-label={props.label}
      aria-expanded={props.expanded}
      onClick={props.onClick}
    >
      {children}
    </button>
  );
}

export interface SideBarProps {
  site: SideBar_SiteFragment | null;
  cartId: string | null;
  signedIn: boolean;
  /** On the cart page itself the panel stays collapsed (CART-14). */
  allowPanel: boolean;
}

export default function SideBar({ site, cartId, signedIn, allowPanel }: SideBarProps) {
  const styles = useStyles();
  const badge = useFragment({ fragment: CartBadgeFragment, from: cartId ? { __typename: 'Cart', id: cartId } : null });
  const cartCount = badge.complete ? badge.data.count : null;
  const unread = useQuery(SideBarUnreadQuery, { fetchPolicy: 'cache-only' }).data?.me?.messageCount ?? 0;
  const [panelOpen, setPanelOpen] = useState(false);
  const [serviceOpen, setServiceOpen] = useState(false);
  const [qrShown, setQrShown] = useState(false);
  const expanded = panelOpen && allowPanel;
  const service = site ? customerService(site) : null;
  const social = site?.socialAccount ?? null;

  return (
    // The cart side panel (CART-14) is this whole bar: 40 px collapsed, 310 px with the cart preview.
    <aside
      className={mergeClasses(styles.bar, expanded && styles.expanded, !allowPanel && styles.hiddenOnPhone)}
      aria-label="购物车"
    >
      <div className={styles.rail}>
        <RailItem className={styles.item} to="/user" label="我的账户">
          <PersonRegular className={styles.icon} aria-hidden />
        </RailItem>
        <RailItem
          className={mergeClasses(styles.item, styles.cartItem)}
          label={expanded ? '收起购物车' : `展开购物车（${cartEntryLabel(cartCount)}）`}
          expanded={expanded}
          onClick={() => setPanelOpen((open) => !open)}
        >
          <CartRegular className={styles.icon} aria-hidden />
          {cartCount ? (
            <span className={styles.count} aria-hidden>
              {badgeText(cartCount)}
            </span>
          ) : null}
          <span className={styles.cartLabel} aria-hidden>
            购物车
          </span>
        </RailItem>
        <RailItem className={styles.item} to="/wdxx" label={unread > 0 ? `消息（${unread} 条未读）` : '消息'}>
          <MailRegular className={styles.icon} aria-hidden />
          {unread > 0 ? (
            <span className={styles.count} aria-hidden>
              {badgeText(unread)}
            </span>
          ) : null}
        </RailItem>
        <RailItem
          className={styles.item}
          label={service?.kind === 'chat' ? '在线客服' : '客服'}
          expanded={serviceOpen}
          onClick={() => setServiceOpen((open) => !open)}
        >
          <ChatRegular className={styles.icon} aria-hidden />
        </RailItem>
        {social ? (
          <button
            type="button"
            className={styles.item}
            aria-label={`关注${social.name}`}
            aria-expanded={qrShown}
            onMouseEnter={() => setQrShown(true)}
            onMouseLeave={() => setQrShown(false)}
            onFocus={() => setQrShown(true)}
            onBlur={() => setQrShown(false)}
            onClick={() => setQrShown((shown) => !shown)}
          >
            <QrCodeRegular className={styles.icon} aria-hidden />
          </button>
        ) : null}
        <RailItem
          className={styles.item}
          label="返回顶部"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <ArrowUpRegular className={styles.icon} aria-hidden />
        </RailItem>
      </div>
      {/* SHELL-08: the chat is an outside service, loaded only once the buyer opens it. */}
      {serviceOpen && site && service?.kind === 'chat' ? (
        <ChatPanel url={service.url} onClose={() => setServiceOpen(false)} />
      ) : null}
      {serviceOpen && site && service?.kind === 'qq' ? (
        <QqContacts qqs={site.serviceQq} chatNotOpen={service.chatNotOpen} />
      ) : null}
      {qrShown && social ? <SocialCode social={social} /> : null}
      {expanded ? (
        <div className={styles.panel}>
          <Suspense fallback={null}>
            <CartPanel cartId={cartId} signedIn={signedIn} />
          </Suspense>
        </div>
      ) : null}
    </aside>
  );
}
