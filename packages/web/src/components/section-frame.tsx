import type { ComponentChildren } from 'preact';
import { PageHeader, SubNav } from './layout.js';

export interface SectionItem {
  href: string;
  label: string;
}

/**
 * A section's page: its sub-navigation, the page header and, when given, a note under it. The
 * analytics and swarm sections build their frames from this.
 */
export function SectionFrame(props: {
  items: readonly SectionItem[];
  title: string;
  documentTitle?: string | undefined;
  lead?: ComponentChildren;
  methodology?: Parameters<typeof PageHeader>[0]['methodology'];
  note?: ComponentChildren;
  children: ComponentChildren;
}) {
  return (
    <section>
      <SubNav items={props.items} />
      <PageHeader
        title={props.title}
        documentTitle={props.documentTitle}
        lead={props.lead}
        methodology={props.methodology}
      />
      {props.note}
      {props.children}
    </section>
  );
}
