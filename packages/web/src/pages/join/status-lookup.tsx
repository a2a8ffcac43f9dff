import { When } from '../../components/when.js';
import { formText } from '../../lib/form.js';
import { useLocation } from 'preact-iso/router';
import { Async } from '../../components/async-view.js';
import { ClaimToken } from './claim-token.js';
import { KeystoreDownload } from './keystore-download.js';
import { useApplicationStatus } from './use-application-status.js';

/** Looks an application up by member id: the form alone on /join, below the status on its page. */
function LookupForm({ memberId }: { memberId: string }) {
  const { route } = useLocation();
  const onSubmit = (event: Event) => {
    event.preventDefault();
    const id = formText(new FormData(event.currentTarget as HTMLFormElement), 'id');
    if (id !== '') route(`/join/status/${encodeURIComponent(id)}`);
  };
  return (
    <form class="filters" onSubmit={onSubmit} key={memberId}>
      <label>
        {memberId === '' ? 'Member id' : 'Another member id'}
        <input
          name="id"
          value={memberId}
          placeholder="the UUID returned when you applied"
          size={40}
        />
      </label>
      <button type="submit">Look up</button>
    </form>
  );
}

/**
 * An application's status first, then what can be done with it (claim the token, save the key),
 * kept current without a reload while it waits for an admin.
 */
export function StatusLookup({ initialId }: { initialId: string }) {
  const { status, waiting, live } = useApplicationStatus(initialId);
  return (
    <section class="card" data-testid="status-lookup">
      <h2>Application status</h2>
      {initialId !== '' ? (
        <Async resource={status} what="application">
          {(s) => (
            <>
              <p data-testid="application-state">
                <strong>{s.state}</strong> · applied <When iso={s.appliedAt} /> · reviewed{' '}
                <When iso={s.reviewedAt} /> · claimed <When iso={s.claimedAt} />
              </p>
              {waiting ? (
                <p class="small muted" data-testid="status-live">
                  This page updates itself when an admin decides
                  {live === 'live' ? ' (following the live events)' : ''}; no need to reload.
                </p>
              ) : null}
              <ClaimToken status={s} />
              <KeystoreDownload memberId={s.id} />
            </>
          )}
        </Async>
      ) : (
        <p class="muted small">
          Only the state and dates are public; name, contact and key are never shown.
        </p>
      )}
      <LookupForm memberId={initialId} />
    </section>
  );
}
