/**
 * The machine-readable zone of an identity document (ICAO 9303): what a provider reads from a
 * passport (TD3: two lines of 44) or an ID card (TD1: three lines of 30) before anyone types.
 * Pure functions; every field is accepted only when its check digit agrees, so a line of capital
 * letters that merely looks like a zone is never taken for one.
 */

/** What the document says, in our form's terms (decision 024). */
export interface DocumentReading {
  firstName: string;
  middleName: string;
  lastName: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  gender: 'Female' | 'Male' | 'Other';
  idType: 'Passport' | 'National ID';
  idNumber: string;
}

const WEIGHTS = [7, 3, 1] as const;

/** ICAO 9303 check digit: 0-9 as themselves, A-Z as 10-35, '<' as 0, weighted 7, 3, 1. */
export function checkDigit(field: string): number {
  let sum = 0;
  for (let i = 0; i < field.length; i += 1) {
    const c = field.charCodeAt(i);
    let value = 0;
    if (c >= 48 && c <= 57) value = c - 48;
    else if (c >= 65 && c <= 90) value = c - 55;
    sum += value * WEIGHTS[i % 3]!;
  }
  return sum % 10;
}

const agrees = (field: string, digit: string) => digit !== '<' && checkDigit(field) === Number(digit);

/**
 * A birth date yyMMdd: the century is the one that puts it in the past (nobody holding a
 * document was born in the future), relative to `today`.
 */
function birthDate(yymmdd: string, today: Date): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  const thisYear = today.getUTCFullYear();
  let year = 2000 + yy;
  if (year > thisYear) year -= 100;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || date > today) return null;
  return date.toISOString().slice(0, 10);
}

const words = (field: string) =>
  field
    .split('<')
    .filter(Boolean)
    .map((w) => w.charAt(0) + w.slice(1).toLowerCase())
    .join(' ');

/** "RAHMAN<<AISHA<BINTI<<<<" -> last Rahman, first Aisha, middle Binti. */
function names(field: string) {
  const [primary = '', secondary = ''] = field.replace(/<+$/, '').split('<<');
  const given = words(secondary).split(' ').filter(Boolean);
  return { lastName: words(primary), firstName: given[0] ?? '', middleName: given.slice(1).join(' ') };
}

const GENDER = { F: 'Female', M: 'Male', '<': 'Other', X: 'Other' } as const;

function reading(
  idType: DocumentReading['idType'],
  name: string,
  number: string,
  birth: string,
  sex: string,
  today: Date,
): DocumentReading | null {
  const dateOfBirth = birthDate(birth, today);
  const who = names(name);
  const gender = GENDER[sex as keyof typeof GENDER];
  if (!dateOfBirth || !who.lastName || !gender) return null;
  return { ...who, dateOfBirth, gender, idType, idNumber: number.replace(/<+$/, '') };
}

const TD3_LINE1 = /P[A-Z<][A-Z<]{3}([A-Z<]{39})/g;
const TD3_LINE2 = /^([A-Z0-9<]{9})([0-9<])[A-Z<]{3}(\d{6})(\d)([MFX<])(\d{6})(\d)[A-Z0-9<]{14}[0-9<](\d)/;
const TD1_LINE1 = /([AIC][A-Z<])[A-Z<]{3}([A-Z0-9<]{9})([0-9<])([A-Z0-9<]{15})/g;
const TD1_LINE2 = /^(\d{6})(\d)([MFX<])(\d{6})(\d)[A-Z<]{3}[A-Z0-9<]{11}(\d)/;
const TD1_LINE3 = /^[A-Z<]{30}/;

/** The next MRZ-alphabet run after `from`, skipping what separates lines (newlines, PDF operators). */
function nextLine(text: string, from: number, length: number): string | null {
  const rest = text.slice(from, from + 200);
  const match = new RegExp(`[A-Z0-9<]{${length}}`).exec(rest);
  return match ? match[0] : null;
}

function readTd3(text: string, today: Date): DocumentReading | null {
  for (const first of text.matchAll(TD3_LINE1)) {
    const line1 = first[0];
    const line2 = nextLine(text, first.index + line1.length, 44);
    const m = line2 ? TD3_LINE2.exec(line2) : null;
    if (!m || !line2) continue;
    const [, number, numberCheck, birth, birthCheck, sex, expiry, expiryCheck] = m as unknown as string[];
    const composite = line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 43);
    if (!agrees(number!, numberCheck!) || !agrees(birth!, birthCheck!) || !agrees(expiry!, expiryCheck!)) continue;
    if (!agrees(composite, line2.charAt(43))) continue;
    const found = reading('Passport', first[1]!, number!, birth!, sex!, today);
    if (found) return found;
  }
  return null;
}

function readTd1(text: string, today: Date): DocumentReading | null {
  for (const first of text.matchAll(TD1_LINE1)) {
    const line1 = first[0];
    const line2 = nextLine(text, first.index + line1.length, 30);
    const m2 = line2 ? TD1_LINE2.exec(line2) : null;
    const line3 = line2 ? nextLine(text, text.indexOf(line2, first.index + line1.length) + 30, 30) : null;
    if (!m2 || !line2 || !line3 || !TD1_LINE3.test(line3)) continue;
    const [, , number, numberCheck] = first as unknown as string[];
    const [, birth, birthCheck, sex, expiry, expiryCheck] = m2 as unknown as string[];
    const composite = line1.slice(5, 30) + line2.slice(0, 7) + line2.slice(8, 15) + line2.slice(18, 29);
    if (!agrees(number!, numberCheck!) || !agrees(birth!, birthCheck!) || !agrees(expiry!, expiryCheck!)) continue;
    if (!agrees(composite, line2.charAt(29))) continue;
    const found = reading('National ID', line3, number!, birth!, sex!, today);
    if (found) return found;
  }
  return null;
}

/**
 * The first valid zone in a document's text: a passport's, else an ID card's; null when none.
 * `text` may be a whole file read as Latin-1 (a PDF's text layer, an image's text chunk).
 */
export function readMrz(text: string, today = new Date()): DocumentReading | null {
  return readTd3(text, today) ?? readTd1(text, today);
}
