import type { ComponentChildren } from 'preact';
import { GLOSSARY, termHref, type TermId } from '../lib/glossary.js';

/**
 * A term where it is used: a link to its glossary entry, its short explanation on hover and read
 * out with the link (`aria-description`), shown with a dotted underline.
 */
export function Term(props: { id: TermId; children?: ComponentChildren }) {
  const entry = GLOSSARY[props.id];
  return (
    <a
      class="term"
      href={termHref(props.id)}
      title={`${entry.name}: ${entry.short}`}
      aria-description={entry.short}
      data-term={props.id}
    >
      {props.children ?? entry.name}
    </a>
  );
}
