// Re-checks an outcome record on its own (docs/methodology.md §2, §6): its shape, and every number
// it derives recomputed from the inputs it names (each label's start and end values, the holdings,
// the weights). What the record cannot show by itself (that the series really held those values)
// is what `convene track-record verify` checks against the public series.
import { DATE_RE } from '../constants.js';
import { isPlainObject } from '../strings.js';
import {
  addDays,
  allocationReturn,
  labelReturns,
  LABEL_MISSING,
  NO_OUTCOME_REASONS,
  OUTCOME_EVENT,
  OUTCOME_RECORD_KIND,
  subjectReturn,
  type LabelOutcome,
  type OutcomeRecord,
} from './outcome.js';

const FIELDS = [
  'computedAt',
  'consensus',
  'endDate',
  'event',
  'holdings',
  'horizonDays',
  'kind',
  'labels',
  'reason',
  'receiptDigest',
  'reference',
  'sessionDate',
  'sessionId',
  'startDate',
  'status',
  'subjectId',
  'subjectReturn',
].sort();

const isNumberOrNull = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isFinite(value));
const isWeights = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.every(
    (w) => isPlainObject(w) && typeof w.bucket === 'string' && typeof w.weight === 'number',
  );
const isPoint = (value: unknown): boolean =>
  value === null ||
  (isPlainObject(value) &&
    typeof value.date === 'string' &&
    DATE_RE.test(value.date) &&
    typeof value.value === 'number');

function shapeProblem(value: Record<string, unknown>): string | null {
  const keys = Object.keys(value).sort();
  if (keys.length !== FIELDS.length || keys.some((key, i) => key !== FIELDS[i]))
    return `fields must be exactly ${FIELDS.join(', ')}`;
  if (value.kind !== OUTCOME_RECORD_KIND) return `kind must be ${OUTCOME_RECORD_KIND}`;
  for (const field of ['sessionId', 'subjectId', 'receiptDigest', 'computedAt'] as const) {
    if (typeof value[field] !== 'string' || value[field] === '') return `${field} must be a string`;
  }
  for (const field of ['sessionDate', 'startDate', 'endDate'] as const) {
    const date = value[field];
    if (typeof date !== 'string' || !DATE_RE.test(date)) return `${field} must be YYYY-MM-DD`;
  }
  const horizon = value.horizonDays;
  if (typeof horizon !== 'number' || !Number.isSafeInteger(horizon) || horizon < 1)
    return 'horizonDays must be a positive integer';
  if (value.status !== 'scored' && value.status !== 'no_outcome')
    return 'status must be scored or no_outcome';
  if (value.reason !== null && !(NO_OUTCOME_REASONS as readonly unknown[]).includes(value.reason))
    return 'reason must be null or a no-outcome reason';
  if (!Array.isArray(value.labels)) return 'labels must be an array';
  for (const label of value.labels) {
    if (
      !isPlainObject(label) ||
      typeof label.label !== 'string' ||
      !(label.source === null || typeof label.source === 'string') ||
      !isPoint(label.start) ||
      !isPoint(label.end) ||
      !isNumberOrNull(label.return) ||
      !(label.missing === null || (LABEL_MISSING as readonly unknown[]).includes(label.missing))
    )
      return 'each label must be { label, source, start, end, return, missing }';
  }
  if (
    !Array.isArray(value.holdings) ||
    !value.holdings.every(
      (h) => isPlainObject(h) && typeof h.bucket === 'string' && typeof h.valueUsd === 'number',
    )
  )
    return 'holdings must be [{ bucket, valueUsd }]';
  if (!isNumberOrNull(value.subjectReturn)) return 'subjectReturn must be a number or null';
  const event = value.event;
  if (
    !isPlainObject(event) ||
    event.name !== OUTCOME_EVENT ||
    !(event.occurred === null || typeof event.occurred === 'boolean')
  )
    return `event must be { name: ${OUTCOME_EVENT}, occurred }`;
  for (const field of ['reference', 'consensus'] as const) {
    const allocation = value[field];
    if (field === 'reference' && allocation === null) continue;
    if (
      !isPlainObject(allocation) ||
      !isWeights(allocation.weights) ||
      !isNumberOrNull(allocation.return)
    )
      return `${field} must be { weights, return }`;
  }
  return null;
}

function labelProblems(label: LabelOutcome): string[] {
  const { start, end } = label;
  const expected =
    start !== null && end !== null && end.date > start.date && start.value > 0
      ? end.value / start.value - 1
      : null;
  if (label.return !== expected) return [`label ${label.label}: return is not end / start − 1`];
  if ((label.return === null) === (label.missing === null))
    return [`label ${label.label}: a return and a missing reason exclude each other`];
  return [];
}

/** Every problem with an outcome record; empty when it is well-formed and its arithmetic holds. */
export function outcomeRecordProblems(value: unknown): string[] {
  if (!isPlainObject(value)) return ['the record is not a JSON object'];
  const shape = shapeProblem(value);
  if (shape !== null) return [shape];
  const record = value as unknown as OutcomeRecord;
  const problems: string[] = [];
  if (record.endDate !== addDays(record.startDate, record.horizonDays))
    problems.push('endDate is not startDate + horizonDays');
  for (const label of record.labels) problems.push(...labelProblems(label));
  const returns = labelReturns(record.labels);
  const scored = record.status === 'scored';
  if (scored !== (record.reason === null)) problems.push('status and reason disagree');
  const unvalued = record.holdings.some((h) => !returns.has(h.bucket));
  const reasonFits =
    record.holdings.length === 0
      ? record.reason === 'no_snapshot' || record.reason === 'no_holdings'
      : record.reason === (unvalued ? 'unvalued_holding' : null);
  if (!reasonFits) problems.push('reason does not follow the holdings and their returns');
  const subject = scored ? subjectReturn(record.holdings, returns) : null;
  if (record.subjectReturn !== subject) problems.push('subjectReturn does not recompute');
  if (record.event.occurred !== (subject === null ? null : subject > 0))
    problems.push('event.occurred does not follow subjectReturn');
  for (const [name, allocation] of [
    ['reference', record.reference],
    ['consensus', record.consensus],
  ] as const) {
    if (allocation === null) continue;
    if (allocation.return !== allocationReturn(allocation.weights, returns))
      problems.push(`${name}.return does not recompute`);
  }
  return problems;
}
