/**
 * Whether a new password is one that attackers try first. Guessing lists start with the most
 * common passwords and then their usual variations (a capital, digits or a "!" added, a letter
 * swapped for a look-alike digit), with keyboard runs and repeated characters; a length rule
 * alone lets "password1" and "12345678" through. This is the check NIST SP 800-63B asks for
 * beside the length (a list of known-bad values), kept small enough to ship to the browser:
 * no composition rule, so a long phrase of plain words stays welcome.
 */

export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess (a common password, or a word with a few digits like "password1"). ' +
  'Use a longer mix of words, digits or symbols.';

/** Stems of the most common passwords in breach lists (digits and symbols around them are stripped first). */
const COMMON_STEMS = new Set([
  'password',
  'passwort',
  'pass',
  'qwerty',
  'qwertz',
  'azerty',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'iloveyou',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'soccer',
  'sunshine',
  'princess',
  'master',
  'login',
  'trustno',
  'superman',
  'batman',
  'shadow',
  'michael',
  'jennifer',
  'whatever',
  'starwars',
  'computer',
  'freedom',
  'hello',
  'helloworld',
  'charlie',
  'secret',
  'changeme',
  'default',
  'access',
  'mustang',
  'jordan',
  'hunter',
  'ranger',
  'buster',
  'thomas',
  'tigger',
  'robert',
  'killer',
  'hockey',
  'george',
  'summer',
  'winter',
  'flower',
  'cookie',
  'pokemon',
  'internet',
  'samsung',
  'google',
  'test',
  'tester',
  'testing',
  'user',
  'guest',
  'money',
  'gold',
  'bitcoin',
  'crypto',
  'qmgt',
  'asdf',
  'zxcv',
  'abc',
]);

/** Rows people run a finger along, and the alphabet and digits in order. */
const RUNS = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1qaz2wsx3edc'];

/** The look-alike swaps guessing tools undo first. */
const LOOK_ALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

function unLeet(s: string): string {
  return s.replace(/[013457@$]/g, (c) => LOOK_ALIKES[c] ?? c);
}

/** Part of one run, forwards or backwards (at least 4 characters, so "abc1" style tails stay fine elsewhere). */
function isRun(s: string): boolean {
  if (s.length < 4) return false;
  const reversed = [...s].reverse().join('');
  return RUNS.some((run) => run.includes(s) || run.includes(reversed));
}

/** One short unit said again and again: "aaaaaaaa", "abababab", "19901990". */
function isRepeat(s: string): boolean {
  return /^(.{1,4})\1+$/.test(s);
}

/** A common stem, alone or said twice ("passwordpassword"). */
function isCommonStem(s: string): boolean {
  if (COMMON_STEMS.has(s)) return true;
  const half = s.length / 2;
  return Number.isInteger(half) && s.slice(0, half) === s.slice(half) && COMMON_STEMS.has(s.slice(0, half));
}

/**
 * True when the password is a common one or a trivial variation of one: a common stem, a run
 * or a repeat, with any capitals, look-alike digits, and digits or symbols before or after.
 */
export function isGuessablePassword(password: string): boolean {
  const lower = password.toLowerCase();
  // Digits and symbols before and after a stem add little: "Password1!" is tried early.
  const stemOf = (s: string) => s.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const stem = stemOf(lower);
  const candidates = [lower, stem, unLeet(stem), stemOf(unLeet(lower))];
  return candidates.some((c) => c !== '' && (isCommonStem(c) || isRun(c) || isRepeat(c)));
}
