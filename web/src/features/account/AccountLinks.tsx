import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { BoxCheckmarkRegular } from '@fluentui/react-icons/svg/box-checkmark';
import { BuildingShopRegular } from '@fluentui/react-icons/svg/building-shop';
import { CertificateRegular } from '@fluentui/react-icons/svg/certificate';
import { ChatRegular } from '@fluentui/react-icons/svg/chat';
import { LocationRegular } from '@fluentui/react-icons/svg/location';
import { MailRegular } from '@fluentui/react-icons/svg/mail';
import { PersonRegular } from '@fluentui/react-icons/svg/person';
import { CartRegular } from '@fluentui/react-icons/svg/cart';
import { ChevronRightRegular } from '@fluentui/react-icons/svg/chevron-right';
import { DocumentBulletListRegular } from '@fluentui/react-icons/svg/document-bullet-list';
import { GiftRegular } from '@fluentui/react-icons/svg/gift';
import { PaymentRegular } from '@fluentui/react-icons/svg/payment';
import { StarRegular } from '@fluentui/react-icons/svg/star';
import { TicketDiagonalRegular } from '@fluentui/react-icons/svg/ticket-diagonal';
import { VehicleTruckProfileRegular } from '@fluentui/react-icons/svg/vehicle-truck-profile';
import { WalletRegular } from '@fluentui/react-icons/svg/wallet';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { OrderStatus } from '../../gql/graphql';
import { marketTokens } from '../../theme/theme';
import { useCardStyles } from './account-card';

type Icon = ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;

interface Entry {
  to: string;
  label: string;
  icon: Icon;
}

/**
 * Counting orders by status would take one upstream call per status (`orders(status:)` reads a page each time), so
 * these are plain links into the order list's status tabs (`/order?status=UNPAID`, features/orders/order-tabs.ts).
 */
const ORDER_SHORTCUTS: readonly Entry[] = (
  [
    ['UNPAID', '待付款', PaymentRegular],
    ['PAID', '待发货', BoxCheckmarkRegular],
    ['SHIPPED', '待收货', VehicleTruckProfileRegular],
    ['DONE', '已完成', DocumentBulletListRegular],
  ] as const satisfies readonly (readonly [OrderStatus, string, Icon])[]
).map(([status, label, icon]) => ({ to: `/order?status=${status}`, label, icon }));

/** The member pages (router.tsx), the account centre's first. /dzht is left out: it is where a contract refusal sends a buyer. */
const TILES: readonly Entry[] = [
  { to: '/basic', label: '基本信息', icon: PersonRegular },
  { to: '/zzzj', label: '资质证件', icon: CertificateRegular },
  { to: '/addr', label: '收货地址', icon: LocationRegular },
  { to: '/wdxx', label: '我的消息', icon: MailRegular },
  { to: '/ddgl', label: '多门店管理', icon: BuildingShopRegular },
  { to: '/bdwx', label: '绑定微信', icon: ChatRegular },
  { to: '/order', label: '我的订单', icon: DocumentBulletListRegular },
  { to: '/star', label: '我的收藏', icon: StarRegular },
  { to: '/wdqb/yegl', label: '账户余额', icon: WalletRegular },
  { to: '/user/draw', label: '我的抽奖', icon: GiftRegular },
  { to: '/cart', label: '购物车', icon: CartRegular },
  { to: '/lqzx', label: '领券中心', icon: TicketDiagonalRegular },
];

const RED = tokens.colorBrandForeground1;

const useStyles = makeStyles({
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  title: {
    margin: 0,
    paddingLeft: '10px',
    borderLeft: `4px solid ${RED}`,
    fontSize: tokens.fontSizeBase400,
  },
  more: {
    display: 'inline-flex',
    alignItems: 'center',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    textDecorationLine: 'none',
    ':hover': { color: RED },
  },
  grid: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingVerticalS,
  },
  orderGrid: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  tileGrid: {
    gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
    '@media (max-width: 900px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
  entry: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXS}`,
    minHeight: '44px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textAlign: 'center',
    textDecorationLine: 'none',
    ':hover': { color: RED, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
    '@media (max-width: 600px)': { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXS}` },
  },
  entryIcon: { fontSize: '28px', color: RED },
  tileIcon: {
    display: 'grid',
    placeItems: 'center',
    width: '48px',
    height: '48px',
    borderRadius: '50%',
    fontSize: '26px',
    color: RED,
    backgroundColor: marketTokens.colorBrandTint,
  },
});

/** A card of link entries under a titled head: the order shortcuts (a section) or the member pages (a nav). */
function EntryCard({
  id,
  title,
  as: Tag,
  entries,
  tiles,
  more,
}: {
  id: string;
  title: string;
  as: 'section' | 'nav';
  entries: readonly Entry[];
  /** Round tinted icons in six columns, rather than bare icons in four. */
  tiles: boolean;
  more?: { to: string; label: string };
}) {
  const styles = useStyles();
  const card = useCardStyles();
  return (
    <Tag className={card.card} aria-labelledby={id}>
      <div className={styles.head}>
        <h2 className={styles.title} id={id}>
          {title}
        </h2>
        {more ? (
          <Link className={styles.more} to={more.to}>
            {more.label}
            <ChevronRightRegular aria-hidden />
          </Link>
        ) : null}
      </div>
      <ul className={mergeClasses(styles.grid, tiles ? styles.tileGrid : styles.orderGrid)}>
        {entries.map(({ to, label, icon: EntryIcon }) => (
          <li key={to}>
            <Link className={styles.entry} to={to}>
              {tiles ? (
                <span className={styles.tileIcon}>
                  <EntryIcon aria-hidden />
                </span>
              ) : (
                <EntryIcon className={styles.entryIcon} aria-hidden />
              )}
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </Tag>
  );
}

/** 我的订单 (shortcuts into the order list by status) and 常用功能 (every member page). */
export function AccountLinks() {
  return (
    <>
      <EntryCard
        id="account-orders"
        title="我的订单"
        as="section"
        entries={ORDER_SHORTCUTS}
        tiles={false}
        more={{ to: '/order', label: '全部订单' }}
      />
      <EntryCard id="account-tiles" title="常用功能" as="nav" entries={TILES} tiles />
    </>
  );
}
