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

/** The locks this process holds, by file, with how many holders each has. */
const held = new Map<string, { holders: number; remove: () => void }>();

/**
 * Takes `dataDir` for this process, or throws DataDirInUseError naming the process that has it. Taken
 * again in the same process (the entry point takes it before loading the server, then opening the
 * database does), it is shared: the file goes with the last release, or when the process exits.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = `${dataDir}.lock`;
  const mine = held.get(file) ?? takeLock(dataDir, file);
  mine.holders++;
  let released = false;
  return {
    file,
    release: () => {
      if (released) return;
      released = true;
      if (--mine.holders === 0) mine.remove();
    },
  };
}

function takeLock(dataDir: string, file: string): { holders: number; remove: () => void } {
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
    const remove = () => {
      if (held.get(file) !== lock) return;
      held.delete(file);
      process.off('exit', remove);
      if (ownerIn(file)?.pid === me.pid) rmSync(file, { force: true });
    };
    const lock = { holders: 0, remove };
    held.set(file, lock);
    // A process that exits without closing the database (a fatal error) lets go of it too.
    process.on('exit', remove);
    return lock;
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
  const stat = procStat(owner.pid);
  // A zombie (killed, not yet reaped by its parent) has closed every file: it owns nothing.
  if (stat?.state === 'Z' || stat?.state === 'X') return false;
  // The same pid started at another time is another process (pid reuse).
  const started = stat?.started ?? null;
  return owner.started === null || started === null || started === owner.started;
}

function startTimeOf(pid: number): string | null {
  return procStat(pid)?.started ?? null;
}

/**
 * Fields 3 (state) and 22 (start time) of /proc/<pid>/stat, after the command name (which may hold
 * spaces and parentheses); null where there is no /proc.
 */
function procStat(pid: number): { state: string; started: string | null } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? null };
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
