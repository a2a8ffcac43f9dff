export * from './fold.js';
export * from './outcome.js';
export { outcomeRecordProblems } from './record-check.js';
export * from './records.js';
export * from './scoring.js';
