import { createHash, scryptSync } from 'node:crypto';
import type { Seller } from '../config';
import type { Queryable } from '../db/db';
import { formatPasswordHash, SCRYPT_PARAMS } from '../lib/password';
import { insertSampleDocument, type DocumentSeed } from './account';

/**
 * The e-contract's seed step (CONTRACT-01..CONTRACT-05): version 1 of the purchase contract, signed by the two demo
 * companies so that demo, demo2 and demo3 buy as before, and one more buyer, demo4 of 康泰医药零售, whose company has
 * not signed: valid documents, an address, a balance and a cart, so that only the missing signature stands between
 * it and an order.
 */

export const UNSIGNED_BUYER = { username: 'demo4', password: 'demo1234', name: '王芳', phone: '13905710004' };
export const UNSIGNED_COMPANY = { name: '康泰医药零售', address: '浙江省宁波市海曙区中山西路 218 号' };

export const CONTRACT_TITLE = '药品购销合同（电子采购合同）';

/** Version 1's text: {{company}}, {{platform}} and {{date}} are filled for each reader (CONTRACT-02). */
export const CONTRACT_V1 = `
<p>合同编号：YCT-CG-V1</p>
<p>甲方（采购方）：{{company}}</p>
<p>乙方（供货方）：{{platform}}</p>
<p>签订日期：{{date}}</p>
<p>为规范药品购销行为，保证药品质量和用药安全，明确双方的权利和义务，根据《中华人民共和国民法典》《中华人民共和国药品管理法》《药品经营质量管理规范》（GSP）及相关法律法规，甲乙双方本着平等自愿、诚实信用的原则，就甲方通过乙方平台采购药品、医疗器械及相关商品事宜，经协商一致，订立本合同。</p>

<h2>第一条 合同双方与适用范围</h2>
<ol>
<li>甲方是依法设立、持有有效《营业执照》及《药品经营许可证》或《医疗机构执业许可证》的药品零售企业或医疗机构，其在乙方平台注册的全部门店账号以甲方名义下单，均受本合同约束。</li>
<li>乙方是依法取得药品批发经营资质的企业，通过本平台向甲方销售药品、医疗器械及相关商品。</li>
<li>甲方每次在平台提交并经系统确认的订单，均为本合同项下的具体采购合同；订单所载商品名称、规格、生产企业、数量、价格及收货信息，与本合同具有同等效力。</li>
</ol>

<h2>第二条 商品质量</h2>
<ol>
<li>乙方保证所售药品来源合法，为具有合法资质的生产企业生产或经营企业供应的合格产品，质量符合国家药品标准及注册标准，包装、标签和说明书符合国家有关规定。</li>
<li>乙方随货提供加盖乙方质量管理专用章的随货同行单，并应甲方要求提供药品检验报告书、生产企业资质等证明文件的复印件。</li>
<li>进口药品应附有加盖供货单位质量管理专用章的《进口药品注册证》（或《医药产品注册证》）及《进口药品检验报告书》复印件。</li>
<li>除双方另有约定外，乙方交付药品的剩余有效期不少于六个月；近效期商品在平台上明确标注，甲方自愿选购的，不适用本款。</li>
</ol>

<h2>第三条 资质与GSP合规</h2>
<ol>
<li>甲方应在平台上传并保持有效的营业执照、药品经营许可证（或医疗机构执业许可证）、GSP证书、采购委托书及采购人员身份证明等资质文件，并对其真实性负责；资质变更或到期的，应在变更或到期前更新。</li>
<li>甲方的必备资质过期期间，乙方有权暂停向甲方供货，甲方不得在平台下单。</li>
<li>甲方采购的品种不得超出其核准的经营范围。含麻黄碱类复方制剂等特殊管理药品，须按国家规定登记购买人身份信息并限量销售。</li>
<li>双方均应按照《药品经营质量管理规范》建立并执行质量管理制度，做好购进、验收、储存、销售记录，确保药品可追溯。需冷链运输的药品，全程应符合规定的温度要求。</li>
</ol>

<h2>第四条 价格与付款</h2>
<ol>
<li>商品价格以甲方下单时平台页面显示并经订单确认的价格为准，含增值税。平台公布的满减、折扣、优惠券等优惠，以订单确认时的计算结果为准。</li>
<li>甲方可使用账户余额、微信支付、支付宝或对公转账付款。以对公转账付款的，应转入平台公布的乙方账户，并上传转账凭证，以乙方确认收款为付款完成。</li>
<li>订单付款完成后乙方方才安排发货。甲方需要发票的，应在下单时选择发票类型，乙方按订单实付金额开具发票。</li>
</ol>

<h2>第五条 交货与验收</h2>
<ol>
<li>乙方按订单所载收货地址送货，运费按平台公布的规则计收，满足包邮条件的免收运费。</li>
<li>甲方收货时应当场核对随货同行单，检查药品的品名、规格、批号、数量及外包装；外包装破损、污染或数量不符的，应当场拒收或在签收单上注明，并在收货后二十四小时内通过平台告知乙方。</li>
<li>甲方应在收货后七日内完成质量验收；逾期未提出书面异议的，视为验收合格，但隐蔽质量问题除外。</li>
</ol>

<h2>第六条 退货与换货</h2>
<ol>
<li>因乙方原因导致的质量问题、错发、漏发或破损，甲方可在验收期内通过平台申请退货或换货，乙方承担由此产生的运费，退款原路退回。</li>
<li>药品属于特殊商品，非质量问题原则上不予退换；经乙方同意退回的，商品应保持原包装完好、未经拆封且在乙方规定的储存条件下保管。</li>
<li>国家药品监督管理部门通知召回的药品，乙方负责召回，甲方应予以配合并停止销售。</li>
</ol>

<h2>第七条 保密</h2>
<p>双方对在合作中知悉的对方商业信息（包括采购品种、数量、价格、客户资料及本合同内容）负有保密义务，未经对方书面同意不得向第三方披露，法律法规另有规定或监管部门依法要求提供的除外。本条义务在合同终止后继续有效。</p>

<h2>第八条 违约责任</h2>
<ol>
<li>乙方交付的药品存在质量问题的，应负责退换，并赔偿甲方因此遭受的直接损失。</li>
<li>甲方提供虚假资质，或将所购药品用于违法经营的，乙方有权解除合同并停止供货，由此产生的一切法律责任由甲方承担。</li>
</ol>

<h2>第九条 争议解决</h2>
<p>因本合同引起的或与本合同有关的任何争议，双方应友好协商解决；协商不成的，任何一方均可向乙方所在地有管辖权的人民法院提起诉讼。</p>

<h2>第十条 合同期限与其他</h2>
<ol>
<li>本合同自甲方在平台在线签署之日起生效，有效期一年；期满前双方均未提出异议的，自动续期一年，续期次数不限。</li>
<li>乙方发布新版合同的，应在平台公示；甲方签署新版合同后，新版合同取代本合同。甲方未签署新版合同前，不能在平台下单或付款。</li>
<li>甲方通过平台在线签署本合同，与书面签字盖章具有同等法律效力。签署记录（签署账号、签署人姓名、签署时间及网络地址）由乙方保存备查。</li>
<li>本合同未尽事宜，由双方另行协商并签订补充协议，补充协议与本合同具有同等效力。</li>
</ol>
`.trim();

/** The companies that signed before the seeding, by their first login, and the name each signer typed. */
const SIGNED: readonly [username: string, signer: string][] = [
  ['demo', '李明'],
  ['demo2', '陈静'],
];

const DOCUMENTS: readonly Omit<DocumentSeed, 'required'>[] = [
  { kind: 'business_licence', name: '营业执照', number: '91330203MA2J6P4T7K', from: -1000, to: null },
  { kind: 'drug_trading', name: '药品经营许可证', number: '浙CB5740218', from: -500, to: 1320 },
  { kind: 'gsp', name: 'GSP证书', number: 'ZJ-GSP-2025-0218', from: -300, to: 1160 },
  { kind: 'purchase_authorisation', name: '采购委托书', number: 'WT-2026-0063', from: -60, to: 305 },
];

/** The version is stored with the seller's name as 乙方 (INFO-08), the configured one at the seeding. */
export async function seedContracts(tx: Queryable, seller: Pick<Seller, 'name'>): Promise<void> {
  await tx.query(
    `INSERT INTO contract_versions (version, title, platform_name, content, published_at)
     VALUES (1, $1, $2, $3, now() - interval '90 days')`,
    [CONTRACT_TITLE, seller.name, CONTRACT_V1],
  );
  for (const [username, signer] of SIGNED) {
    await tx.query(
      `INSERT INTO contract_signatures (company_id, version, user_id, signer_name, company_name, signed_ip, signed_at)
       SELECT u.company_id, 1, u.id, $2, c.name, '127.0.0.1', now() - interval '60 days'
       FROM users u JOIN companies c ON c.id = u.company_id WHERE u.username = $1`,
      [username, signer],
    );
  }

  const [company] = await tx.query<{ id: number }>(
    'INSERT INTO companies (name, address, account_manager_id) VALUES ($1, $2, 1) RETURNING id',
    [UNSIGNED_COMPANY.name, UNSIGNED_COMPANY.address],
  );
  if (company === undefined) throw new Error('seed: no company for demo4');
  // A salt derived from the username keeps the row reproducible; the password is public anyway.
  const salt = createHash('sha256').update(`seed:${UNSIGNED_BUYER.username}`).digest().subarray(0, 16);
  const hash = formatPasswordHash(salt, scryptSync(UNSIGNED_BUYER.password, salt, SCRYPT_PARAMS.keylen, SCRYPT_PARAMS));
  const [user] = await tx.query<{ id: number }>(
    `INSERT INTO users (company_id, username, password_hash, name, phone, balance, store_name)
     VALUES ($1, $2, $3, $4, $5, 300000, '康泰医药零售（海曙店）') RETURNING id`,
    [company.id, UNSIGNED_BUYER.username, hash, UNSIGNED_BUYER.name, UNSIGNED_BUYER.phone],
  );
  if (user === undefined) throw new Error('seed: demo4 not created');
  await tx.query(
    "INSERT INTO money_log (user_id, amount, balance_after, use_type, remark) VALUES ($1, 300000, 300000, 1, '账户充值')",
    [user.id],
  );
  await tx.query(
    `INSERT INTO addresses (user_id, consignee, phone, province, city, district, address, is_default)
     VALUES ($1, $2, $3, '浙江省', '宁波市', '海曙区', '中山西路 218 号 康泰医药零售', 1)`,
    [user.id, UNSIGNED_BUYER.name, UNSIGNED_BUYER.phone],
  );

  for (const [sort, d] of DOCUMENTS.entries()) {
    await insertSampleDocument(
      tx,
      { userId: user.id, companyId: company.id, company: UNSIGNED_COMPANY.name },
      { ...d, required: 1 },
      sort,
    );
  }
  // SCOPE-01: 化学药制剂, 中成药, 抗生素制剂, 第二类医疗器械.
  for (const [sort, scopeClass] of ['CHEMICAL', 'PATENT', 'ANTIBIOTIC', 'DEVICE_2'].entries()) {
    await tx.query('INSERT INTO business_scopes (company_id, scope_class, sort) VALUES ($1, $2, $3)', [
      company.id,
      scopeClass,
      sort,
    ]);
  }

  // Two everyday medicines well in stock, ordinary lines at the list price: the cart a first order starts from.
  await tx.query(
    `INSERT INTO cart_lines (user_id, goods_id, number)
     SELECT $1, g.id, 2 FROM goods g
     WHERE g.is_buy = 1 AND g.number >= 100 AND g.type = 0 AND g.is_hm = 0
     ORDER BY g.id LIMIT 2`,
    [user.id],
  );
}
