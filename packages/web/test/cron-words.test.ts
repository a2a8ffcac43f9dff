import { describe, expect, test } from 'vitest';
import { cronInWords } from '../src/lib/cron-words.js';

describe('a cron schedule in words', () => {
  test.each([
    ['0 0 * * *', 'daily at 00:00 UTC'],
    ['30 14 * * *', 'daily at 14:30 UTC'],
    ['0 0,12 * * *', 'daily at 00:00 and 12:00 UTC'],
    ['0 0 0 * * *', 'daily at 00:00 UTC'],
    ['*/15 * * * *', 'every 15 minutes'],
    ['* * * * *', 'every minute'],
    ['*/1 * * * *', 'every minute'],
    ['5 * * * *', 'every hour at 05 minutes past'],
    ['0 */6 * * *', 'every 6 hours at 00 minutes past (from 00:00 UTC)'],
    ['0 9 * * 1', 'every Monday at 09:00 UTC'],
    ['0 9 * * MON,THU', 'every Monday and Thursday at 09:00 UTC'],
    ['0 9 * * 1-5', 'Monday to Friday at 09:00 UTC'],
    ['0 9 * * 0,6', 'on Saturdays and Sundays at 09:00 UTC'],
    ['0 9 * * 7', 'every Sunday at 09:00 UTC'],
    ['0 0 1 * *', 'monthly on the 1st at 00:00 UTC'],
    ['0 0 1,15 * *', 'monthly on the 1st and 15th at 00:00 UTC'],
    ['@daily', 'daily at 00:00 UTC'],
    ['@hourly', 'every hour at 00 minutes past'],
    ['@weekly', 'every Sunday at 00:00 UTC'],
  ])('%s reads "%s"', (expression, words) => {
    expect(cronInWords(expression)).toBe(words);
  });

  test.each([
    '0 0 1 1 *', // a month: not a form the page phrases
    '0 0 1 * 1', // day of month and weekday together (cron ORs them)
    '15 0 0 * * *', // seconds other than 0
    '0 0 L * *',
    '0 25 * * *',
    'not a schedule',
    '',
  ])('%s is not phrased (shown as code)', (expression) => {
    expect(cronInWords(expression)).toBeNull();
  });
});
