import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export function formatPasswordHash(salt: Buffer, key: Buffer): string {
  const { N, r, p } = SCRYPT_PARAMS;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return formatPasswordHash(salt, await scryptAsync(password, salt, SCRYPT_PARAMS.keylen, SCRYPT_PARAMS));
}

// Checked against when the username is unknown, so that a wrong username costs as much time as a wrong password.
const decoyHash = formatPasswordHash(Buffer.alloc(16), Buffer.alloc(SCRYPT_PARAMS.keylen));

export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parts = (stored ?? decoyHash).split('$');
  const [scheme, n, r, p, saltB64, keyB64] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || saltB64 === undefined || keyB64 === undefined) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scryptAsync(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return stored !== undefined && timingSafeEqual(actual, expected);
}
