import { When } from '../../components/when.js';
import type { CommentsResponse } from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';

import { useResource } from '../../lib/use-resource.js';
import { AnalyticsFrame, usePaging } from './shared.js';

const TARGET_PATH: Record<string, string> = {
  agent: 'agents',
  coin: 'coins',
  vault: 'vaults',
  wallet: 'wallets',
  project: 'projects',
};

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
                const path = c.targetType !== null ? TARGET_PATH[c.targetType] : undefined;
                return (
                  <li key={c.id} class="comment">
                    <div class="small muted">
                      <strong class="comment-author">{c.author}</strong> ·{' '}
                      <When iso={c.createdAt} />
                      {path !== undefined && c.targetId !== null ? (
                        <>
                          {' '}
                          · on{' '}
                          <a href={`/analytics/${path}/${encodeURIComponent(c.targetId)}`}>
                            {c.targetType}
                          </a>
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
                page {data.page} · {data.total} comments
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
