/**
 * SEC-23: what no log line of either service may hold, at any level: mobile numbers, ID card numbers, bearer tokens,
 * session cookies, passwords, verification codes and shared secrets. One list for the gateway and the upstream: each
 * hands `REDACT_PATHS` to pino's `redact` (structured fields it knows the place of) and runs `scrub` over the text and
 * `scrubFields` over the fields of every line (whatever a library put in a message or a nested object).
 */

export const CENSOR = '[redacted]';

/** Field names whose value is never logged, wherever they sit (compared without case, `-` and `_`). */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'setcookie',
  'password',
  'oldpassword',
  'newpassword',
  // PAY-14: the payment password and its confirmation, under any spelling the tiers use.
  'paypassword',
  'passwordconfirmation',
  'token',
  'accesstoken',
  'refreshtoken',
  'secret',
  'xgatewaysecret',
  'xadmintoken',
  'idcard',
  'idcardno',
  'idnumber',
];
const secretKey = (key: string) => SECRET_KEYS.includes(key.toLowerCase().replaceAll(/[-_]/g, ''));

/**
 * pino `redact` paths for the places the services log structured requests and headers; pino censors these before a
 * line is written, at no cost when they are absent.
 */
export const REDACT_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-gateway-secret"]',
  'req.headers["x-admin-token"]',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.cookie',
  '*["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
  '*["x-gateway-secret"]',
  '*["x-admin-token"]',
];

// Order matters: an ID card number holds eleven digits in a row that read as a mobile number.
const PATTERNS: [RegExp, string][] = [
  // 18-digit 居民身份证号 (GB 11643), the last character a digit or X: the birth date and sequence go.
  [
    /(?<![\dA-Za-z])([1-9]\d{2})\d{3}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(\d{3}[\dXx])(?![\dA-Za-z])/g,
    '$1***********$2',
  ],
  // Mainland mobile numbers, with or without +86: the middle four digits go, as on a courier's label.
  [/(?<!\d)((?:\+?86)?1[3-9]\d)\d{4}(\d{4})(?!\d)/g, '$1****$2'],
  [/\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, `$1${CENSOR}`],
  // A cookie or authorization header written out as text (a library's error message, a debug dump).
  [/\b((?:set-)?cookie|authorization|x-gateway-secret|x-admin-token)(["']?\s*[:=]\s*["']?)[^"'\n]+/gi, `$1$2${CENSOR}`],
  [
    /\b(token|password|old_password|new_password|pay_password|password_confirmation|code|secret|sms_code|id_card)=([^;&\s"]+)/gi,
    `$1=${CENSOR}`,
  ],
  [
    /("(?:token|password|oldPassword|newPassword|old_password|payPassword|pay_password|passwordConfirmation|password_confirmation|code|smsCode|sms_code|secret|idCard|id_card)"\s*:\s*)"[^"]*"/gi,
    `$1"${CENSOR}"`,
  ],
];

/** SEC-23: the text with every secret the patterns know replaced (mobile and ID numbers masked in the middle). */
export const scrub = (text: string): string =>
  PATTERNS.reduce((scrubbed, [pattern, replacement]) => scrubbed.replace(pattern, replacement), text);

/** A verification code held in a structured field: 4 to 8 digits under a key named for codes. */
const isCodeField = (key: string, value: unknown) =>
  /^(sms_?)?code$/i.test(key) && typeof value === 'string' && /^\d{4,8}$/.test(value.trim());

const plain = (value: object) => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * SEC-23: a log line's fields with secrets censored and every string scrubbed, down to `depth` levels. Only plain
 * objects, arrays and errors are walked: a request, a socket or a buffer is left to pino's serializers.
 */
export function scrubFields(value: unknown, depth = 6): unknown {
  if (typeof value === 'string') return scrub(value);
  if (typeof value !== 'object' || value === null || depth <= 0) return value;
  if (Array.isArray(value)) return value.map((item) => scrubFields(item, depth - 1));
  if (value instanceof Error) {
    return {
      type: value.name,
      message: scrub(value.message),
      ...(value.stack === undefined ? {} : { stack: scrub(value.stack) }),
    };
  }
  if (!plain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = secretKey(key) || isCodeField(key, field) ? CENSOR : scrubFields(field, depth - 1);
  }
  return out;
}
