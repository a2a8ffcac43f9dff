import { PageHeader } from '../components/layout.js';

export function NotFoundPage() {
  return (
    <section>
      <PageHeader title="Page not found" lead="There is no page at this address." />
      <p>
        Try the <a href="/">treasury</a>, the <a href="/regime">regime</a>, the{' '}
        <a href="/swarm">swarm</a> or the <a href="/analytics">analytics</a> pages.
      </p>
    </section>
  );
}
