/** The SQL of the e-contract: its versions and the companies' signatures. */
import type { Queryable } from '../../db/db';

export interface ContractVersionRow {
  version: number;
  title: string;
  platform_name: string;
  content: string;
  published_at: Date | string;
}

export interface SignatureRow {
  version: number;
  signer_name: string;
  company_name: string;
  signed_at: Date | string;
}

/** CONTRACT-01: the version in force, the latest one published by now; undefined while none is. */
export async function currentVersion(q: Queryable): Promise<ContractVersionRow | undefined> {
  const [row] = await q.query<ContractVersionRow>(
    `SELECT version, title, platform_name, content, published_at FROM contract_versions
     WHERE published_at <= now() ORDER BY version DESC LIMIT 1`,
  );
  return row;
}

/** The company of a user, with its name as it reads today. */
export async function companyOf(q: Queryable, userId: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await q.query<{ id: number; name: string }>(
    'SELECT c.id, c.name FROM users u JOIN companies c ON c.id = u.company_id WHERE u.id = $1',
    [userId],
  );
  return row;
}

/** The signature of one company for one version, if it signed. */
export async function signatureOf(q: Queryable, companyId: number, version: number): Promise<SignatureRow | undefined> {
  const [row] = await q.query<SignatureRow>(
    `SELECT version, signer_name, company_name, signed_at FROM contract_signatures
     WHERE company_id = $1 AND version = $2`,
    [companyId, version],
  );
  return row;
}

export interface NewSignature {
  companyId: number;
  companyName: string;
  version: number;
  userId: number;
  signerName: string;
  ip: string;
}

/** CONTRACT-03: writes the signature unless the company signed this version already; answers whether it wrote. */
export async function insertSignature(q: Queryable, s: NewSignature): Promise<boolean> {
  const rows = await q.query<{ version: number }>(
    `INSERT INTO contract_signatures (company_id, version, user_id, signer_name, company_name, signed_ip)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (company_id, version) DO NOTHING RETURNING version`,
    [s.companyId, s.version, s.userId, s.signerName, s.companyName, s.ip],
  );
  return rows.length > 0;
}

/**
 * CONTRACT-04: the version in force that the user's company has not signed, if there is one. One query, run before
 * every order and payment.
 */
export async function unsignedVersion(q: Queryable, userId: number): Promise<number | undefined> {
  const [row] = await q.query<{ version: number; signed: boolean }>(
    `SELECT v.version, EXISTS (
       SELECT 1 FROM contract_signatures s JOIN users u ON u.company_id = s.company_id
       WHERE u.id = $1 AND s.version = v.version) AS signed
     FROM contract_versions v WHERE v.published_at <= now() ORDER BY v.version DESC LIMIT 1`,
    [userId],
  );
  return row === undefined || row.signed ? undefined : row.version;
}
