import { When } from '../../components/when.js';
import type { ApplicationStatus } from '../../api/types/swarm.js';
import { formText } from '../../lib/form.js';
import { useLocation } from 'preact-iso/router';
import { Async } from '../../components/async-view.js';

import { useResource } from '../../lib/use-resource.js';
import { ClaimToken } from './claim-token.js';

export function StatusLookup({ initialId }: { initialId: string }) {
  const { route } = useLocation();
  const status = useResource<ApplicationStatus>(
    initialId === '' ? null : `/api/swarm/apply/${encodeURIComponent(initialId)}`,
  );
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const id = formText(new FormData(event.currentTarget as HTMLFormElement), 'id');
    if (id !== '') route(`/join/status/${encodeURIComponent(id)}`);
  };
  return (
    <section class="card" data-testid="status-lookup">
      <h2>Application status</h2>
      <form class="filters" onSubmit={onSubmit} key={initialId}>
        <label>
          Member id
          <input
            name="id"
            value={initialId}
            placeholder="the UUID returned when you applied"
            size={40}
          />
        </label>
        <button type="submit">Look up</button>
      </form>
      {initialId !== '' ? (
        <Async resource={status} what="application">
          {(s) => (
            <>
              <p data-testid="application-state">
                <strong>{s.state}</strong> · applied <When iso={s.appliedAt} /> · reviewed{' '}
                <When iso={s.reviewedAt} /> · claimed <When iso={s.claimedAt} />
              </p>
              <ClaimToken status={s} />
            </>
          )}
        </Async>
      ) : (
        <p class="muted small">
          Only the state and dates are public; name, contact and key are never shown.
        </p>
      )}
    </section>
  );
}
