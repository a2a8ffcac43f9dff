// The suite drives real outside tools from Debian's packages, never downloads: Chromium for the
// browser tests, Go and golang.org/x/mod for the transparency-log interoperability test, Python with
// PyNaCl for the outside member agent and the Python SDK (with venv, pip, setuptools, cffi and
// mypy), psycopg2 for the outside-in insider attacks. Installs whatever is missing when we may
// (root); otherwise fails loudly, naming the command: CI must never skip those tests silently.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Debian's interpreter, where apt puts python3-nacl (a pyenv or venv python3 on PATH may lack it).
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

const REQUIREMENTS = [
  {
    packages: ['chromium'],
    forWhat: 'the browser tests (packages/web/test, playwright-core)',
    present: () => existsSync('/usr/bin/chromium'),
  },
  {
    packages: ['golang-go', 'golang-golang-x-mod-dev'],
    forWhat: 'the Go checksum-database interoperability test (built offline, GO111MODULE=off)',
    present: () =>
      succeeds('go', ['version']) &&
      existsSync('/usr/share/gocode/src/golang.org/x/mod/sumdb/tlog'),
  },
  {
    packages: ['python3', 'python3-nacl'],
    forWhat: 'the outside member-agent test (packages/server/test/swarm/python-member.test.ts)',
    present: () => succeeds(PYTHON, ['-c', 'import nacl.signing']),
  },
  {
    // python3-cffi carries the cffi metadata pip needs to accept Debian's PyNaCl as installed.
    packages: ['python3-venv', 'python3-pip', 'python3-setuptools', 'python3-cffi', 'mypy'],
    forWhat:
      'the Python SDK tests (packages/server/test/agents/python-sdk.test.ts): a fresh venv, pip install ./python, mypy --strict',
    present: () =>
      succeeds(PYTHON, ['-c', 'import venv, ensurepip, setuptools, cffi']) &&
      succeeds(PYTHON, ['-m', 'pip', '--version']) &&
      succeeds(PYTHON, ['-m', 'mypy', '--version']),
  },
  {
    packages: ['python3-psycopg2'],
    forWhat:
      'the outside-in insider attacks (packages/server/test/outside-in/insider-attacks.test.ts)',
    present: () => succeeds(PYTHON, ['-c', 'import psycopg2']),
  },
];

const missing = REQUIREMENTS.filter((requirement) => !requirement.present());
if (missing.length > 0) {
  const packages = missing.flatMap((requirement) => requirement.packages);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    for (const requirement of missing) {
      console.error(`${requirement.packages.join(' ')}: missing, needed by ${requirement.forWhat}`);
    }
    console.error(`install them: sudo apt-get install -y ${packages.join(' ')}`);
    process.exit(1);
  }
  console.error(`installing Debian ${packages.join(' ')} for the test suite…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', ...packages], { stdio: 'inherit', env });
  }
  const still = missing.filter((requirement) => !requirement.present());
  if (still.length > 0) {
    console.error(
      `still unavailable after installing: ${still.map((r) => r.packages.join(' ')).join(', ')}`,
    );
    process.exit(1);
  }
}
