/**
 * 引用代码 (citation code, decisions/0058-methods-and-acknowledgement.md): the short code an
 * acknowledgement quotes, so a paper names the order it was measured in. It is the order number
 * written compactly (Crockford base 32 of the day since 2000-01-01 and the 8 random digits) with a
 * check character, so a typo is caught and the code leads back to its order without a table of
 * codes: KY20261207 12345678 → KY-XXXXX-XXXXX. Knowing it gives nothing: every order is looked
 * up together with its owner.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ORDER_NO = /^KY(\d{4})(\d{2})(\d{2})(\d{8})$/;
const CODE = /^KY([0-9A-Z]{9})([0-9A-Z])$/;
const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(2000, 0, 1);
const BODY_LENGTH = 9;

function checkChar(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += (i + 1) * ALPHABET.indexOf(body[i]!);
  // mod 31 (a prime, above every weight): any one changed character or swapped neighbours changes it, but 0 for Z
  return ALPHABET[sum % 31]!;
}

/** The citation code of an order number, or null for a number of another shape. */
export function citationCodeOf(orderNo: string): string | null {
  const m = ORDER_NO.exec(orderNo);
  if (!m) return null;
  const day = (Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - EPOCH) / DAY_MS;
  if (!Number.isInteger(day) || day < 0) return null;
  let value = BigInt(day) * 100_000_000n + BigInt(m[4]!);
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) {
    body = ALPHABET[Number(value % 32n)]! + body;
    value /= 32n;
  }
  if (value > 0n) return null;
  const full = body + checkChar(body);
  return `KY-${full.slice(0, 5)}-${full.slice(5)}`;
}

/** The order number a code names, or null when it is not a code (wrong shape or check character). */
export function orderNoOfCitationCode(text: string): string | null {
  const normal = text
    .toUpperCase()
    .replace(/[\s\-–—_]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  const m = CODE.exec(normal);
  if (!m || [...m[1]!].some((c) => !ALPHABET.includes(c)) || checkChar(m[1]!) !== m[2]) return null;
  let value = 0n;
  for (const c of m[1]!) value = value * 32n + BigInt(ALPHABET.indexOf(c));
  const day = Number(value / 100_000_000n);
  const digits = String(value % 100_000_000n).padStart(8, '0');
  const date = new Date(EPOCH + day * DAY_MS);
  const ymd = `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}${String(date.getUTCDate()).padStart(2, '0')}`;
  const orderNo = `KY${ymd}${digits}`;
  return citationCodeOf(orderNo) === `KY-${m[1]!.slice(0, 5)}-${m[1]!.slice(5)}${m[2]}` ? orderNo : null;
}
