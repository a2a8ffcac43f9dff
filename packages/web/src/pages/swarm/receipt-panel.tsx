import { ErrorView, Loading } from '../../components/async-view.js';
import { shortHash } from '../../lib/format.js';
import { ReceiptInclusionLines } from '../log/log-lines.js';
import type { ReceiptState } from './signed-headline.js';

export function ReceiptPanel({ sessionId, state }: { sessionId: string; state: ReceiptState }) {
  let body;
  if (state.kind === 'unpublished')
    body = <p class="muted">A consensus receipt exists only once the session is published.</p>;
  else if (state.kind === 'missing')
    body = <p class="muted">No receipt has been published for this session.</p>;
  else if (state.kind === 'error')
    body = <ErrorView error={state.error} what="consensus receipt" onRetry={state.reload} />;
  else if (state.kind === 'loading')
    body = <Loading what="consensus receipt and its verification (running in your browser)" />;
  else {
    const { envelope, key, verification: verdict } = state;
    body = (
      <>
        {verdict.verified ? (
          <p class="verified big" data-testid="receipt-verdict">
            ✓ verified in your browser
          </p>
        ) : (
          <div data-testid="receipt-verdict">
            <p class="not-verified big">✗ not verified</p>
            <ul class="reasons" data-testid="receipt-reasons">
              {verdict.unverifiedReasons.map((reason) => (
                <li key={reason.code}>
                  <code>{reason.code}</code> — {reason.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <p class="muted small">
          Checked here with the protocol package&apos;s <code>verifyReceipt</code>: every member
          signature against the key carried beside it, the histogram, mean score, weights,
          confidence, quorum and disagreement map recomputed from the signed takes, the judge mode,
          and the service signature against <code>/api/swarm/receipt-key</code> (
          <code>{shortHash(key.keyId, 14)}</code>). The server&apos;s own verdict is not used; the
          headline figures above are read from these signed bytes.
        </p>
        <p class="small mono">
          digest {envelope.digest}
          <br />
          previous{' '}
          {envelope.payload.previousReceiptDigest ?? 'none (first receipt of this subject)'}
        </p>
        <ReceiptInclusionLines
          receipt={envelope}
          testId="receipt-log"
          summary="Transparency log: this receipt and its submissions"
        />
        <details>
          <summary>Canonical bytes (what the service signed)</summary>
          <pre class="block">{envelope.canonicalBytes}</pre>
        </details>
        <p class="small">
          <a href={`/api/swarm/sessions/${sessionId}/consensus-receipt`}>Raw receipt JSON</a>
        </p>
      </>
    );
  }
  return (
    <section class="card" data-testid="receipt">
      <h2>Consensus receipt</h2>
      {body}
    </section>
  );
}
