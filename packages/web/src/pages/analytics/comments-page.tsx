import { When } from '../../components/when.js';
import type {
  AgentDetail,
  CoinProfile,
  CommentsResponse,
  ProjectDetail,
  VaultProfile,
  WalletProfile,
} from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';
import { count, countOf } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { AnalyticsFrame, usePaging } from './shared.js';

/** Where each kind of target lives on the site and in the API, and how its record names it. */
const TARGETS: Record<string, { path: string; api: string; name: (record: never) => string }> = {
  agent: { path: 'agents', api: '/api/dashboards/agents/', name: (a: AgentDetail) => a.name },
  coin: { path: 'coins', api: '/api/dashboards/coins/', name: (c: CoinProfile) => c.name },
  vault: { path: 'vaults', api: '/api/dashboards/vaults/', name: (v: VaultProfile) => v.name },
  wallet: { path: 'wallets', api: '/api/dashboards/wallets/', name: (w: WalletProfile) => w.label },
  project: { path: 'projects', api: '/api/projects/', name: (p: ProjectDetail) => p.hero.name },
};

/** "the agent Beacon Labs": the target's kind and name, its link; the kind alone until the name arrives. */
function TargetLink({ type, id }: { type: string; id: string }) {
  const target = TARGETS[type]!;
  const record = useResource<never>(`${target.api}${encodeURIComponent(id)}`);
  return (
    <>
      the {type}{' '}
      <a href={`/analytics/${target.path}/${encodeURIComponent(id)}`}>
        {record.status === 'ready' ? (
          target.name(record.data)
        ) : record.status === 'loading' ? (
          <span class="loading">…</span>
        ) : (
          <code>{id}</code>
        )}
      </a>
    </>
  );
}

/** Comments are untrusted input: rendered only as text nodes (JSX escapes), never as HTML. */
export function CommentsPage() {
  const { page } = usePaging();
  const comments = useResource<CommentsResponse>(`/api/comments?page=${page}`);
  return (
    <AnalyticsFrame
      title="Comments"
      lead="What readers wrote about tracked entities. Unmoderated; shown exactly as written, as plain text."
    >
      <Async resource={comments} what="comments">
        {(data) => (
          <section class="card" data-testid="comments">
            {data.comments.length === 0 ? <p class="muted">No comments yet.</p> : null}
            <ul class="comment-list">
              {data.comments.map((c) => {
                const known = c.targetType !== null && c.targetType in TARGETS;
                return (
                  <li key={c.id} class="comment">
                    <div class="small muted">
                      <strong class="comment-author">{c.author}</strong> ·{' '}
                      <When iso={c.createdAt} />
                      {known && c.targetId !== null ? (
                        <>
                          {' '}
                          · on <TargetLink type={c.targetType!} id={c.targetId} />
                        </>
                      ) : null}
                    </div>
                    <p class="text-body comment-body">{c.body}</p>
                  </li>
                );
              })}
            </ul>
            <nav class="pager" aria-label="Pages">
              {data.page > 1 ? (
                <a href={`/analytics/comments?page=${data.page - 1}`}>← newer</a>
              ) : (
                <span class="muted">← newer</span>
              )}
              <span class="muted small">
                page {count(data.page)} · {countOf(data.total, 'comment')}
              </span>
              {data.hasMore ? (
                <a href={`/analytics/comments?page=${data.page + 1}`}>older →</a>
              ) : (
                <span class="muted">older →</span>
              )}
            </nav>
          </section>
        )}
      </Async>
    </AnalyticsFrame>
  );
}
