/** One link of the member menu. */
export interface MemberLink {
  to: string;
  label: string;
  /** Active only on this exact address, not on the addresses below it (/order, not /order/info/12). */
  end?: boolean;
}

export interface MemberMenuGroup {
  id: string;
  title: string;
  links: readonly MemberLink[];
}

/**
 * The member menu (SHELL-17): every member page by its canonical address. The spec's other names for these pages
 * (/zhzx_jcxx, /order_wddd_index…) are aliases in the route modules and lead to the same pages.
 */
export const MEMBER_MENU: readonly MemberMenuGroup[] = [
  {
    id: 'account',
    title: '账户中心',
    links: [
      { to: '/user', label: '会员中心', end: true },
      { to: '/basic', label: '基本信息' },
      { to: '/zzzj', label: '资质证件' },
      { to: '/ddgl', label: '多门店管理' },
      { to: '/bdwx', label: '绑定微信' },
      { to: '/addr', label: '收货地址' },
      { to: '/fptt', label: '发票抬头' },
      { to: '/wdxx', label: '我的消息' },
    ],
  },
  {
    id: 'wallet',
    title: '我的钱包',
    links: [
      { to: '/wdqb/yegl', label: '余额管理' },
      { to: '/wdqb/jfgl', label: '积分管理' },
      { to: '/wdqb/yhq', label: '优惠券' },
      { to: '/wdqb/xjq', label: '现金券' },
      { to: '/wdqb/zq', label: '账期' },
      { to: '/wdqb/zfmm', label: '支付密码' },
    ],
  },
  {
    id: 'orders',
    title: '订单中心',
    links: [
      { to: '/order', label: '我的订单' },
      { to: '/jfdd', label: '积分订单' },
      { to: '/hmdd', label: '含麻订单' },
      { to: '/user/draw', label: '我的抽奖' },
    ],
  },
  {
    id: 'self-service',
    title: '自助服务',
    links: [
      { to: '/kjcg', label: '快捷采购' },
      { to: '/cgqd', label: '采购单导入' },
      { to: '/pzqg', label: '品种求购' },
      { to: '/dzfp', label: '电子发票' },
      { to: '/syzl', label: '首营资料' },
      { to: '/star', label: '我的收藏' },
      { to: '/yjfk', label: '意见反馈' },
    ],
  },
];
