/**
 * Words a buyer reads that more than one tier says (docs/product.md, ERR and CART rules). A message that only one
 * screen shows stays beside that screen.
 */
export const Wording = {
  /** ERR-06: any 5xx, refused connection or unreadable answer. */
  busy: '系统繁忙，请稍候再试',
  /** ERR-07: no answer within the time-out. */
  timeout: '请求超时，请刷新页面',
  /** ERR-09: too many attempts; the answer's `retryAfter` says when to try again. */
  rateLimited: '操作过于频繁，请稍后再试',
  /** ERR-02 */
  loginFirst: '请先登录',
  /** The title of the alert that shows other business refusals (ERR-05). */
  alertTitle: '温馨提示',
  formInvalid: '提交的内容有误',
  quantity: '数量必须是大于0的整数',
  sets: '组数必须是大于0的整数',
  chooseGoods: '请选择商品',
  notBuyable: '该商品暂不可购买',
  nothingToOrder: '没有可下单的商品',
  balanceTooLow: '余额不足',
  methodNotAvailable: '该支付方式暂未开通',
  smsUnavailable: '短信服务暂未开通',
  codeWrong: '验证码错误或已过期',
  /** PAY-14 */
  payPasswordRequired: '请输入支付密码',
  phoneRegistered: '该手机号已注册',
  phoneNotRegistered: '该手机号未注册',
  /** CART-10: asked before a cart line is deleted. */
  confirmDelete: '确定要删除该商品吗？',
} as const;

/** CART-04: stock of goods, or of a combination's sets. */
export const stockExceededText = (stock: number, unit = '件') => `库存不足，最多可购买${stock}${unit}`;
/** PAY-14: a wrong payment password, with the tries left before it locks. */
export const payPasswordWrongText = (triesLeft: number) => `支付密码错误，还可尝试${triesLeft}次`;
/** PAY-14: the payment password locked after too many wrong tries, and how long for. */
export const payPasswordLockedText = (seconds: number) =>
  `支付密码错误次数过多，已锁定，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试，或用短信验证码重设支付密码`;
export const tooFrequentText = (seconds: number) => `发送过于频繁，请${seconds}秒后再试`;
