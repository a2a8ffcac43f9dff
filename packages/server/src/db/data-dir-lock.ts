import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';

/**
 * One process owns an embedded database's data directory: two PGlite instances over the same files
 * each cache pages and write WAL of their own, and acknowledged writes are lost or the directory no
 * longer opens. The owner is named in `<dataDir>.lock` (its pid and, on Linux, the process's start
 * time, so a pid reused after a crash or in a new container is not taken for the owner), created
 * with O_EXCL as PostgreSQL creates postmaster.pid. A lock whose process is gone is taken over.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number | null,
  ) {
    super(
      `the data directory ${dataDir} is in use by ${ownerPid === null ? 'another process' : `another process (pid ${ownerPid})`}: one server owns a data directory; stop that one first, or give this one its own DATA_DIR`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

interface Owner {
  pid: number;
  /** Clock ticks after boot at which the process started (/proc/<pid>/stat), where readable. */
  started: string | null;
}

/** A lock file younger than this with no owner in it yet is one being written right now. */
const BEING_WRITTEN_MS = 5000;

export function lockDataDir(dataDir: string): DataDirLock {
  const file = `${dataDir}.lock`;
  const me: Owner = { pid: process.pid, started: startTimeOf(process.pid) };
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerIn(file);
      if (owner === undefined) continue; // removed meanwhile: try again
      if (owner === null ? ageMs(file) < BEING_WRITTEN_MS : isRunning(owner))
        throw new DataDirInUseError(dataDir, owner?.pid ?? null);
      rmSync(file, { force: true }); // its process is gone
      continue;
    }
    writeSync(fd, `${JSON.stringify(me)}\n`);
    closeSync(fd);
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      process.off('exit', release);
      if (ownerIn(file)?.pid === me.pid) rmSync(file, { force: true });
    };
    // A process that exits without closing the database (a fatal error) lets go of it too.
    process.on('exit', release);
    return { file, release };
  }
  throw new DataDirInUseError(dataDir, ownerIn(file)?.pid ?? null);
}

/** The owner a lock file names; null when it names none (being written, or damaged); undefined when gone. */
function ownerIn(file: string): Owner | null | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const value = JSON.parse(text) as Partial<Owner>;
    if (typeof value.pid !== 'number' || !Number.isSafeInteger(value.pid) || value.pid <= 0)
      return null;
    return { pid: value.pid, started: typeof value.started === 'string' ? value.started : null };
  } catch {
    return null;
  }
}

function isRunning(owner: Owner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: a process of another user holds that pid; it is running.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The same pid started at another time is another process (pid reuse).
  const started = startTimeOf(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

/** Field 22 of /proc/<pid>/stat, after the command name (which may hold spaces and parentheses). */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}
