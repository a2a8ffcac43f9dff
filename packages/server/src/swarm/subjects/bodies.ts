import { DATE_RE } from '@convene/protocol';
import { fail } from '../../errors.js';
import { bodyFields } from '../shared/body-fields.js';
import { isCronExpression } from '../../jobs/cron.js';
import type { SubjectSettings } from './admin-schemas.js';

/*
 * The subject admin route's body: the route documents `SubjectBody` for OpenAPI only
 * (`documentOnly`) and `SubjectAdmin.put` calls this parser once, after the slug checks (an invalid
 * slug answers first), so each refusal names the field at fault.
 */

/**
 * `PUT /api/swarm/admin/subjects/:id`: the subject's fields; `name` and `recommendationType` are
 * required, the rest replace a stored value only when given.
 */
export function parseSubjectBody(body: unknown): SubjectSettings {
  const input = bodyFields(body);
  const refuse = (message: string): never => {
    throw fail('invalidSubjectSettings', message);
  };
  const text = (key: string, max: number): string | null | undefined => {
    const value = input[key];
    if (value === undefined || value === null) return value;
    if (typeof value !== 'string' || value.length > max)
      return refuse(`${key} must be a string of at most ${max} characters`);
    return value;
  };
  const name = text('name', 200);
  if (typeof name !== 'string' || name.trim() === '') refuse('name is required');
  const recommendationType = input.recommendationType;
  if (recommendationType !== 'bucket_weights' && recommendationType !== 'position_actions') {
    refuse('recommendationType must be bucket_weights or position_actions');
  }
  const schedule = text('schedule', 100);
  if (typeof schedule === 'string') {
    if (!isCronExpression(schedule)) refuse(`schedule is not a cron expression: ${schedule}`);
  }
  const quorum = input.quorumRequired;
  if (
    quorum !== undefined &&
    (typeof quorum !== 'number' || !Number.isInteger(quorum) || quorum < 1 || quorum > 1000)
  ) {
    refuse('quorumRequired must be an integer from 1 to 1000');
  }
  const enabled = input.scheduleEnabled;
  if (enabled !== undefined && typeof enabled !== 'boolean')
    refuse('scheduleEnabled must be true or false');
  for (const key of ['wallets', 'nftContracts'] as const) {
    if (input[key] !== undefined && !Array.isArray(input[key])) refuse(`${key} must be an array`);
  }
  const lastReviewed = text('lastReviewed', 10);
  if (typeof lastReviewed === 'string' && !DATE_RE.test(lastReviewed))
    refuse('lastReviewed must be YYYY-MM-DD');
  const settings: SubjectSettings = {
    name: name as string,
    recommendationType: recommendationType as SubjectSettings['recommendationType'],
  };
  const assign = <K extends keyof SubjectSettings>(
    key: K,
    value: SubjectSettings[K] | undefined,
  ): void => {
    if (value !== undefined) settings[key] = value;
  };
  assign('status', text('status', 50) ?? undefined);
  assign('operator', text('operator', 200));
  assign('homepage', text('homepage', 2000));
  assign('xHandle', text('xHandle', 100));
  assign('thesisBlurb', text('thesisBlurb', 5000));
  assign('source', text('source', 2000));
  assign('linkedMemberId', text('linkedMemberId', 100));
  assign('structuralNotes', text('structuralNotes', 10_000));
  assign('lastReviewed', lastReviewed);
  assign('schedule', schedule);
  assign('scheduleEnabled', enabled as boolean | undefined);
  assign('quorumRequired', quorum as number | undefined);
  assign('wallets', input.wallets as unknown[] | undefined);
  assign('nftContracts', input.nftContracts as unknown[] | undefined);
  return settings;
}
