/**
 * "Jane Doe" -> "Jane D.": the first name and the last name's initial, as payment apps show a
 * payee, so a sender recognises whom the address or code names without learning the full name.
 * Initials alone ("J*** D***") were too little to tell a friend from a stranger. Without a name
 * on file the sign-in name is masked to its first letter: it is not the sender's to learn.
 */
export function maskedName(parts: readonly (string | null | undefined)[], fallback: string): string {
  const words = parts.flatMap((p) => (p ?? '').trim().split(/\s+/)).filter((w) => w.length > 0);
  if (words.length === 0) return `${[...fallback.trim()][0]?.toUpperCase() ?? '?'}***`;
  const capital = (word: string) => [...word][0]!.toUpperCase() + [...word].slice(1).join('');
  const first = capital(words[0]!);
  return words.length === 1 ? first : `${first} ${[...words[words.length - 1]!][0]!.toUpperCase()}.`;
}
