import type { DatabaseFunction } from './database-function.js';
import { fileTakes } from './file-takes.js';
import { memberNames } from './member-names.js';
import { refuseChange } from './refuse-change.js';
import { rowsChanged } from './rows-changed.js';
import { submitFacts } from './submit-facts.js';
import { takeAdmission } from './take-admission.js';
import { tlogLockNext } from './tlog-lock-next.js';
import { tlogNext } from './tlog-next.js';

export type { DatabaseFunction } from './database-function.js';

export const FUNCTIONS: readonly DatabaseFunction[] = [
  refuseChange,
  memberNames,
  takeAdmission,
  submitFacts,
  tlogNext,
  tlogLockNext,
  fileTakes,
  rowsChanged,
];
