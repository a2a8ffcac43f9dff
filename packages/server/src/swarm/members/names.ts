/**
 * The key two display names are compared by: unique among members (`member.name_key`, migration
 * 0025), so "Athena", "athena", "ＡＴＨＥＮＡ" (full-width) and "  Athena " are one name and a
 * second applicant cannot pass for the first on the leaderboard. Unicode NFKC (compatibility forms
 * fold: full-width letters, ligatures, non-breaking and other spaces), then lower case
 * (`toLowerCase`, locale-independent), then whitespace trimmed and each inner run made one space.
 */
export function displayNameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}
