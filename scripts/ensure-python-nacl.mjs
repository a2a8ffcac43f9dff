// The outside member-agent test runs a Python agent with PyNaCl (Debian's python3-nacl). Install it
// when missing and we may; otherwise fail loudly: CI must never skip that test silently.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Debian's interpreter, where apt puts python3-nacl (a pyenv or venv python3 on PATH may lack it).
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

const hasNacl = () => {
  try {
    execFileSync(PYTHON, ['-c', 'import nacl.signing'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (!hasNacl()) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    console.error(
      'python3 with PyNaCl is missing: install it (sudo apt-get install -y python3 python3-nacl) to run the outside member-agent test',
    );
    process.exit(1);
  }
  console.error('installing Debian python3-nacl for the outside member-agent test…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', 'python3', 'python3-nacl'], {
      stdio: 'inherit',
      env,
    });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', 'python3', 'python3-nacl'], {
      stdio: 'inherit',
      env,
    });
  }
}
