import type { Command } from 'commander';
import { unwrap } from '../../sdk/client.js';
import type { paths } from '../../sdk/openapi.js';
import type { CliContext } from '../context.js';

type AdminStatus =
  paths['/api/admin/status']['get']['responses'][200]['content']['application/json'];

function ago(iso: string | null, now: Date): string {
  if (iso === null) return 'never';
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  const abs = Math.abs(seconds);
  const text =
    abs < 120
      ? `${abs}s`
      : abs < 7200
        ? `${Math.round(abs / 60)}m`
        : abs < 172_800
          ? `${Math.round(abs / 3600)}h`
          : `${Math.round(abs / 86_400)}d`;
  return seconds >= 0 ? `${text} ago` : `in ${text}`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** The status as a few aligned lines an operator reads at a glance. */
export function renderStatus(status: AdminStatus, now = new Date()): string {
  const lines: string[] = [];
  const row = (label: string, value: string): void => {
    lines.push(`${label.padEnd(14)}${value}`);
  };
  row(
    'version',
    `${status.version} (node ${status.node}), up ${ago(status.startedAt, now).replace(' ago', '')}`,
  );
  row('env', `${status.env}${status.loading ? ' (loading demo data: the API answers 503)' : ''}`);
  row(
    'database',
    `${status.database.driver} ${status.database.serverVersion} at ${status.database.location}, ${megabytes(status.database.sizeBytes)}`,
  );
  const { migrations } = status;
  row(
    'migrations',
    `${migrations.applied} applied, latest ${migrations.latest ?? 'none'}` +
      (migrations.pending.length > 0
        ? `; PENDING ${migrations.pending.join(', ')}`
        : '; none pending') +
      (migrations.unknown.length > 0
        ? `; applied by a newer version: ${migrations.unknown.join(', ')}`
        : ''),
  );
  row('scheduler', status.scheduler.enabled ? 'enabled' : 'disabled (SCHEDULER_ENABLED=false)');
  lines.push('jobs');
  for (const job of status.jobs) {
    const last =
      job.lastRun === null
        ? 'never ran'
        : `${job.lastRun.outcome ?? 'running'} ${ago(job.lastRun.startedAt, now)}${job.lastRun.detail === null ? '' : ` (${job.lastRun.detail})`}`;
    const next = job.nextRunAt === null ? '' : `, next ${ago(job.nextRunAt, now)}`;
    lines.push(`  ${job.name.padEnd(28)}${job.schedule.padEnd(18)}${last}${next}`);
  }
  lines.push(`open sessions (${status.openSessions.length})`);
  for (const session of status.openSessions) {
    const closes =
      session.windowClosesAt === null
        ? 'no deadline'
        : `closes ${ago(session.windowClosesAt, now)}`;
    lines.push(
      `  ${session.id}  ${session.subjectId} ${session.date}  ${session.state}, ${session.takeCount} takes, ${closes}`,
    );
  }
  const applications = status.pendingApplications;
  lines.push(`pending applications (${applications.count})`);
  for (const application of applications.oldest)
    lines.push(`  ${application.id}  applied ${ago(application.appliedAt, now)}`);
  const { outbox } = status;
  row(
    'outbox',
    `${outbox.pending} pending (${outbox.retrying} retrying), ${outbox.sent} sent` +
      (outbox.oldestPendingAt === null
        ? ''
        : `, oldest pending ${ago(outbox.oldestPendingAt, now)}`) +
      (outbox.lastError === null ? '' : `; last error: ${outbox.lastError}`),
  );
  const streams = status.eventStreams;
  row(
    'event streams',
    `${streams.open} open of ${streams.max} (${streams.maxPerAddress} per address), from ${streams.addresses} addresses; ` +
      `refused ${streams.refused.total} full (503), ${streams.refused.address} per address and ${streams.refused.rate} by rate (429); ` +
      `${streams.droppedStalled} stalled readers dropped`,
  );
  renderLog(status.log, row, lines, now);
  return lines.join('\n');
}

/** The transparency log: its size and checkpoint, its signer, and what the integrity check found. */
function renderLog(
  log: AdminStatus['log'],
  row: (label: string, value: string) => void,
  lines: string[],
  now: Date,
): void {
  if (log === null) {
    row('log', 'off (LOG_ENABLED=false)');
    return;
  }
  const checkpoint =
    log.checkpoint === null
      ? 'no checkpoint yet'
      : `checkpoint ${log.checkpoint.size} signed ${ago(log.checkpoint.createdAt, now)}`;
  const signer =
    log.signer.state === 'ok'
      ? 'signer ok'
      : `signer ${log.signer.state}: ${log.signer.reason ?? ''}`;
  row('log', `${log.size} entries, ${checkpoint}, ${signer}`);
  const { integrity } = log;
  row(
    'log integrity',
    integrity.state === 'unchecked'
      ? 'not checked yet'
      : integrity.state === 'ok'
        ? `ok: ${integrity.entries ?? 0} entries and their rows agree (checked ${ago(integrity.checkedAt, now)})`
        : `INCONSISTENT (checked ${ago(integrity.checkedAt, now)})`,
  );
  for (const problem of integrity.problems) lines.push(`  ${problem}`);
}

/** `convene admin status`: what an operator wants at a glance. */
export function registerAdminStatus(admin: Command, context: () => CliContext): void {
  admin
    .command('status')
    .description(
      'version, env, database, migrations, jobs and their last runs, open sessions, pending applications, outbox, event streams, transparency log and its integrity',
    )
    .addHelpText(
      'after',
      '\nExample:\n  CONVENE_ADMIN_TOKEN=$(cat data/admin-token) convene admin status\n' +
        '\nThe admin token comes from CONVENE_ADMIN_TOKEN or --admin-token-file <path>, never from a flag value.',
    )
    .action(async () => {
      const ctx = context();
      const status = unwrap(await (await ctx.adminApi()).GET('/api/admin/status'));
      ctx.print(status, () => renderStatus(status));
    });
}
