/** The purchase e-contract (CONTRACT-01..CONTRACT-05 in docs/product.md): read, signed and required before buying. */
import { Code } from '@pharma/domain/codes';
import { DEMO_SELLER, type Seller } from '../../config';
import type { Queryable } from '../../db/db';
import { ApiError, formError, iso, notFound, notLoggedIn } from '../../lib/http';
import * as store from './store';

export const noContract = () => notFound('平台暂未发布电子合同');

/** CONTRACT-04: the refusal of an order or payment while the company has not signed the version in force. */
export const CONTRACT_REQUIRED_TEXT = '请先签署电子合同后再下单';

const chinaDate = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * CONTRACT-02: the stored text with its parties and date filled in. The company's name is the buyer's own input, so
 * it goes in escaped: it is text inside the contract, never markup.
 */
export function fillContract(content: string, parties: { company: string; platform: string; date: string }): string {
  const values: Record<string, string> = {
    company: escapeHtml(parties.company),
    platform: escapeHtml(parties.platform),
    date: escapeHtml(parties.date),
  };
  return content.replace(/\{\{(company|platform|date)\}\}/g, (_m, key: string) => values[key] ?? '');
}

export interface ContractDto {
  version: number;
  title: string;
  /** The filled text, rich text (HTML) as stored; the gateway sanitises it (INFO-02). */
  content: string;
  /** 甲方: the buying company; 乙方: the marketplace's seller (INFO-08). */
  party_a: string;
  party_b: string;
  /** The contract's date as written in it: the signing day once signed, otherwise today (China time). */
  date: string;
  published_at: string;
  signed: 0 | 1;
  signed_at: string | null;
  signer_name: string | null;
}

async function companyOf(q: Queryable, userId: number) {
  const company = await store.companyOf(q, userId);
  // A session whose user has gone is no session.
  if (company === undefined) throw notLoggedIn();
  return company;
}

/**
 * CONTRACT-02: the version in force, filled for the buyer's company, and whether (when, by whom) it signed it. 乙方 is
 * the configured seller (INFO-08), the company the buyer pays and that invoices it, not the name stored with the
 * version (the platform's brand when it was published): a contract must name the party that sells.
 */
export async function contractFor(
  q: Queryable,
  userId: number,
  seller: Pick<Seller, 'name'> = DEMO_SELLER,
): Promise<ContractDto> {
  const version = await store.currentVersion(q);
  if (version === undefined) throw noContract();
  const company = await companyOf(q, userId);
  const signature = await store.signatureOf(q, company.id, version.version);
  // A signed contract reads as it was signed: the company's name then and the day of signing.
  const companyName = signature?.company_name ?? company.name;
  const date = chinaDate.format(new Date(signature === undefined ? Date.now() : iso(signature.signed_at)));
  return {
    version: version.version,
    title: version.title,
    content: fillContract(version.content, { company: companyName, platform: seller.name, date }),
    party_a: companyName,
    party_b: seller.name,
    date,
    published_at: iso(version.published_at),
    signed: signature === undefined ? 0 : 1,
    signed_at: signature === undefined ? null : iso(signature.signed_at),
    signer_name: signature?.signer_name ?? null,
  };
}

export interface SignInput {
  version: number;
  signer_name: string;
}

/**
 * CONTRACT-03: the buyer signs the version in force for their company. Only that version may be signed (an older or
 * unknown one is refused: the buyer read a text that no longer holds); signing again changes nothing and answers the
 * first signature. Answers the contract and whether this call signed it. Runs in the caller's transaction.
 */
export async function sign(
  tx: Queryable,
  userId: number,
  ip: string,
  input: SignInput,
  seller: Pick<Seller, 'name'> = DEMO_SELLER,
): Promise<{ contract: ContractDto; signedNow: boolean }> {
  const version = await store.currentVersion(tx);
  if (version === undefined) throw noContract();
  if (input.version !== version.version) {
    throw formError({ version: ['合同已更新，请阅读最新版本后再签署'] });
  }
  const company = await companyOf(tx, userId);
  const signedNow = await store.insertSignature(tx, {
    companyId: company.id,
    companyName: company.name,
    version: version.version,
    userId,
    signerName: input.signer_name,
    ip,
  });
  return { contract: await contractFor(tx, userId, seller), signedNow };
}

/**
 * CONTRACT-04: refuses with 459 while the buyer's company has not signed the contract in force. Called by every route
 * that places or pays an order, after the session and before anything else; browsing and the cart stay free. While
 * the platform has published no contract there is nothing to sign.
 */
export async function assertContractSigned(q: Queryable, userId: number): Promise<void> {
  if ((await store.unsignedVersion(q, userId)) !== undefined) {
    throw new ApiError(459, Code.CONTRACT_REQUIRED, CONTRACT_REQUIRED_TEXT);
  }
}
