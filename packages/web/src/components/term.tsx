import type { ComponentChildren } from 'preact';
import { GLOSSARY, termHref, type TermId } from '../lib/glossary.js';

/**
 * A term where it is used: a link to its glossary entry, its short explanation on hover and read
 * out with the link (`aria-description`), shown with a dotted underline.
 */
export function Term(props: {
  id: TermId;
  children?: ComponentChildren;
  /** Only a small "?" where the term's name is already on screen (beside a sort control). */
  mark?: boolean;
}) {
  const entry = GLOSSARY[props.id];
  return (
    <a
      class={props.mark === true ? 'term term-mark' : 'term'}
      href={termHref(props.id)}
      title={`${entry.name}: ${entry.short}`}
      aria-label={props.mark === true ? `What ${entry.name.toLowerCase()} means` : undefined}
      aria-description={entry.short}
      data-term={props.id}
    >
      {props.mark === true ? '?' : (props.children ?? entry.name)}
    </a>
  );
}
