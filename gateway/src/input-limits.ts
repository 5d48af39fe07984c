/**
 * VAL-22: the one place that says how long each string argument and input field may be, which may hold several lines
 * (VAL-21), which must say something (VAL-23) and which are calendar days (VAL-24). Keys are schema coordinates:
 * `Type.field(argument)` for an argument, `InputType.field` for an input field. Each SDL description states its
 * limit; `input-limits.test.ts` holds the two together. Limits are the upstream's own where the product names one,
 * so the buyer reads the same words from either tier.
 */
export interface InputLimit {
  max?: number;
  multiline?: boolean;
  /** VAL-23: blank once zero-width and space characters are removed is refused as empty. */
  required?: boolean;
  /** VAL-24: YYYY-MM-DD, a real day in VAL-25's range; blank means "not given". */
  date?: boolean;
  /** The field as the buyer's form names it, for the Chinese message; the field's own name otherwise. */
  label?: string;
}

/** A single-line String without an entry below. */
export const DEFAULT_MAX = 100;
/** VAL-22: an ID argument (a record id, an order number, a code): longer is no record of ours. */
export const ID_MAX = 32;

const required = (label: string, max: number): InputLimit => ({ max, required: true, label });
const optional = (label: string, max: number): InputLimit => ({ max, label });
const lines = (label: string, max: number, must = false): InputLimit => ({
  max,
  multiline: true,
  required: must,
  label,
});
const day = (label: string): InputLimit => ({ date: true, max: 10, label });

const SEARCH = optional('搜索内容', 50);
/** The catalogue's search takes up to 500 characters (the upstream's own limit, 关键词最多500个字符). */
const CATALOGUE_SEARCH = optional('关键词', 500);
// Fields with a format of their own (VAL-01..VAL-07, VAL-10) get room beyond it: the format's message (请输入正确的
// 手机号) says more than a length would, so only sizes no format could reach are refused here.
const MOBILE = optional('手机号', 20);
const CONTACT_PHONE = optional('联系电话', 20);
const CODE = optional('验证码', 20);
const NEW_PASSWORD = optional('密码', 64);
const USERNAME = optional('用户名', 64);
const CONTACT_NAME = required('联系人姓名', 20);

export const INPUT_LIMITS: Readonly<Record<string, InputLimit>> = {
  'Query.searchSuggestions(keyword)': CATALOGUE_SEARCH,
  'Query.orders(keyword)': SEARCH,
  'Query.orders(startDate)': day('开始日期'),
  'Query.orders(endDate)': day('结束日期'),
  'Query.quickPurchase(keyword)': SEARCH,
  'Query.phoneRegistered(phone)': MOBILE,
  'GoodsFilter.keyword': CATALOGUE_SEARCH,
  // FACET-07: each facet value as long as the upstream takes (筛选值最多100个字符).
  'GoodsFilter.makers': optional('生产企业', 100),
  'GoodsFilter.dosageForms': optional('剂型', 100),
  'GoodsFilter.specs': optional('规格', 100),
  'InspectionReportFilter.keyword': optional('关键词', 100),
  'InspectionReportFilter.batchNo': optional('批号', 32),
  'User.invoices(orderSn)': optional('订单号', 32),
  'Wallet.log(from)': day('开始日期'),
  'Wallet.log(to)': day('结束日期'),
  'Wallet.pointsLog(from)': day('开始日期'),
  'Wallet.pointsLog(to)': day('结束日期'),

  'Mutation.login(username)': optional('用户名', 64),
  'Mutation.login(password)': optional('密码', 128),
  'Mutation.sendVerificationCode(phone)': MOBILE,
  'Mutation.resetPassword(phone)': MOBILE,
  'Mutation.resetPassword(code)': CODE,
  'Mutation.resetPassword(password)': NEW_PASSWORD,
  'Mutation.bindWechat(code)': optional('code', 128),
  'Mutation.bindWechat(state)': optional('state', 128),
  'Mutation.identifyWechatRegistration(code)': optional('code', 128),
  'Mutation.identifyWechatRegistration(state)': optional('state', 128),
  'Mutation.signContract(signerName)': required('签署人姓名', 30),
  'Mutation.confirmReceipt(name)': required('收货人姓名', 20),
  'Mutation.confirmReceipt(idCard)': required('身份证号码', 32),
  // IMPORT-01: a pasted sheet of up to 500 rows; a request body (MAX_BODY_BYTES) holds about 33,000 Chinese characters.
  'Mutation.matchPurchaseList(text)': lines('采购单', 30_000),

  'UserInfoInput.name': CONTACT_NAME,
  'UserInfoInput.phone': CONTACT_PHONE,
  // PAY-14: the payment password and its code.
  'Mutation.payOrder(payPassword)': optional('支付密码', 64),
  'SetPayPasswordInput.code': CODE,
  'SetPayPasswordInput.password': optional('支付密码', 64),
  'SetPayPasswordInput.passwordConfirmation': optional('确认支付密码', 64),
  'ChangePasswordInput.oldPassword': optional('原密码', 128),
  'ChangePasswordInput.password': NEW_PASSWORD,
  'ChangePasswordInput.passwordConfirmation': NEW_PASSWORD,
  'PlaceOrderInput.remark': lines('备注', 200),
  // VAL-27..VAL-30: the upstream judges the formats; these only stop what no format could reach.
  'InvoiceTitleInput.name': required('发票抬头名称', 100),
  'InvoiceTitleInput.taxId': required('纳税人识别号', 18),
  'InvoiceTitleInput.address': optional('注册地址', 100),
  'InvoiceTitleInput.phone': optional('注册电话', 20),
  'InvoiceTitleInput.bank': optional('开户银行', 100),
  'InvoiceTitleInput.bankAccount': optional('银行账号', 40),
  'PlaceOrderInput.idempotencyKey': optional('idempotencyKey', 64),
  'SubmitTransferInput.payerName': optional('付款户名', 50),
  'SubmitTransferInput.remark': lines('备注', 200),
  'ReportCreditRepaymentInput.payerName': optional('付款户名', 50),
  'ReportCreditRepaymentInput.remark': lines('备注', 200),
  'RegisterInput.phone': MOBILE,
  'RegisterInput.code': CODE,
  'RegisterInput.username': USERNAME,
  'RegisterInput.password': NEW_PASSWORD,
  'RegisterInput.company': required('企业名称', 50),
  'RegisterInput.name': CONTACT_NAME,
  'RegisterInput.wechatTicket': optional('wechatTicket', 128),
  'RegisterStoreInput.phone': MOBILE,
  'RegisterStoreInput.code': CODE,
  'RegisterStoreInput.username': USERNAME,
  'RegisterStoreInput.password': NEW_PASSWORD,
  'RegisterStoreInput.inviteCode': optional('邀请码', 20),
  'RegisterStoreInput.store': required('门店名称', 20),
  'RegisterStoreInput.name': CONTACT_NAME,
  'VarietyRequestInput.name': required('品种名称', 50),
  'VarietyRequestInput.spec': required('规格', 50),
  'VarietyRequestInput.manufacturer': required('生产厂家', 50),
  'VarietyRequestInput.approvalNumber': optional('批准文号', 50),
  'VarietyRequestInput.remark': lines('备注', 200),
  'FeedbackInput.content': lines('反馈内容', 500, true),
  'FeedbackInput.phone': MOBILE,
  'FeedbackInput.email': optional('联系邮箱', 100),
  'RequestReturnInput.reason': required('退货原因', 50),
  'RequestReturnInput.description': lines('问题描述', 200),
  'AddressInput.consignee': required('收货人', 20),
  'AddressInput.phone': CONTACT_PHONE,
  'AddressInput.province': required('省份', 20),
  'AddressInput.city': required('城市', 20),
  'AddressInput.district': required('区县', 20),
  'AddressInput.address': required('详细地址', 120),
};

/** The limit of a String or ID at `coordinate`: its entry, or the default of its kind. */
export function inputLimitOf(coordinate: string, scalar: 'String' | 'ID'): InputLimit {
  return INPUT_LIMITS[coordinate] ?? { max: scalar === 'ID' ? ID_MAX : DEFAULT_MAX };
}
