import { ApiError } from '../../api/client.js';
import type { ConsensusReceipt, ReceiptKey } from '../../api/types/swarm.js';
import { ErrorView, Loading } from '../../components/async-view.js';
import { shortHash } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { ReceiptInclusionLines } from '../log/log-lines.js';
import { useReceiptCheck } from './verification.js';

export function ReceiptPanel({ sessionId, published }: { sessionId: string; published: boolean }) {
  const receipt = useResource<ConsensusReceipt>(
    published ? `/api/swarm/sessions/${sessionId}/consensus-receipt` : null,
  );
  const key = useResource<ReceiptKey>('/api/swarm/receipt-key');
  const verdict = useReceiptCheck(
    receipt.status === 'ready' ? receipt.data : null,
    key.status === 'ready' ? key.data.publicKey : null,
  );
  let body;
  if (!published)
    body = <p class="muted">A consensus receipt exists only once the session is published.</p>;
  else if (receipt.status === 'error') {
    body =
      receipt.error instanceof ApiError && receipt.error.status === 404 ? (
        <p class="muted">No receipt has been published for this session.</p>
      ) : (
        <ErrorView error={receipt.error} what="consensus receipt" onRetry={receipt.reload} />
      );
  } else if (receipt.status === 'loading' || key.status === 'loading')
    body = <Loading what="consensus receipt" />;
  else if (verdict === null) body = <Loading what="verification (running in your browser)" />;
  else {
    const envelope = receipt.data;
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
          and the service signature against <code>/api/swarm/receipt-key</code>
          {key.status === 'ready' ? ` (${shortHash(key.data.keyId, 14)})` : ''}. The server&apos;s
          own verdict is not used.
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
