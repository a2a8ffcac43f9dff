// The interoperability test (packages/protocol/test/interop/go-tlog.test.ts) checks our
// transparency log with the Go checksum database's note and tlog packages, from Debian's
// golang-go and golang-golang-x-mod-dev (built offline: GO111MODULE=off, GOPATH=/usr/share/gocode).
// Install them when missing and we may, as ensure-chromium.mjs does for the browser tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = ['golang-go', 'golang-golang-x-mod-dev'];
const X_MOD = '/usr/share/gocode/src/golang.org/x/mod/sumdb/tlog';
const present = () => spawnSync('go', ['version']).status === 0 && existsSync(X_MOD);

if (!present()) {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    console.error(
      `Go or golang.org/x/mod is missing: install Debian's ${PACKAGES.join(' ')} (sudo apt-get install -y ${PACKAGES.join(' ')}) to run the interoperability test`,
    );
    process.exit(1);
  }
  console.error(`installing Debian ${PACKAGES.join(' ')} for the interoperability test…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', ...PACKAGES], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', ...PACKAGES], { stdio: 'inherit', env });
  }
  if (!present()) {
    console.error('Go is still unavailable after installing it');
    process.exit(1);
  }
}
