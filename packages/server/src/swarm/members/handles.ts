/** A readable handle from a display name: lower-case ASCII letters, digits and dashes. */
export function handleFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug === '' ? 'member' : slug;
}

/** Candidates to try in order: the slug, then slug-2, slug-3, … */
export function* handleCandidates(base: string): Generator<string> {
  yield base;
  for (let n = 2; ; n++) yield `${base}-${n}`;
}
