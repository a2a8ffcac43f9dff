import type { ActivityEntry, ActivityResponse } from '../../api/types/analytics.js';
import { Async } from '../../components/async-view.js';
import { DataTable } from '../../components/data-table.js';
import { dateTime, usdShort } from '../../lib/format.js';
import { useResource } from '../../lib/use-resource.js';
import { AnalyticsFrame } from './shared.js';
import { Hash } from '../../components/hash.js';

export function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  return (
    <DataTable
      testId="activity"
      rows={entries}
      rowKey={(e) => e.id}
      empty="No activity recorded yet: the feed stays empty until an activity writer runs."
      columns={[
        { label: 'When', render: (e) => dateTime(e.occurredAt) },
        { label: 'Kind', render: (e) => e.kind },
        {
          label: 'Agent',
          render: (e) =>
            e.agent ? <a href={`/analytics/agents/${e.agent.id}`}>{e.agent.name}</a> : '—',
        },
        { label: 'Summary', render: (e) => e.summary },
        { label: 'Amount', primary: true, numeric: true, render: (e) => usdShort(e.amountUsd) },
        {
          label: 'Tx',
          render: (e) => (
            <span class="small">
              <Hash value={e.txHash} what="transaction hash" />
            </span>
          ),
        },
      ]}
    />
  );
}

export function ActivityPage() {
  const activity = useResource<ActivityResponse>('/api/dashboards/activity');
  return (
    <AnalyticsFrame title="Activity" lead="What tracked agents did, newest first.">
      <section class="card" data-testid="activity-page">
        <Async resource={activity} what="activity">
          {(data) => <ActivityTable entries={data.entries} />}
        </Async>
      </section>
    </AnalyticsFrame>
  );
}
