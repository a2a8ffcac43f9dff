import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPair, keyFingerprint, publicKeyFromSeed } from '@convene/protocol';
import { AgentError, EXIT } from './exit-codes.js';
import { seal, unseal, type SealedSecret } from './sealed.js';

/**
 * The member's local files under CONVENE_HOME (default ~/.convene), all mode 0600:
 * keystore.json (sealed Ed25519 seed + public key), token.json (sealed bearer token),
 * member.json (memberId, handle). The passphrase comes only from CONVENE_PASSPHRASE.
 */
export class MemberHome {
  constructor(readonly dir: string) {}

  static resolve(flag: string | undefined): MemberHome {
    return new MemberHome(
      path.resolve(flag ?? process.env.CONVENE_HOME ?? path.join(os.homedir(), '.convene')),
    );
  }

  private file(name: string): string {
    return path.join(this.dir, name);
  }

  get keystorePath(): string {
    return this.file('keystore.json');
  }

  async createKeystore(force: boolean): Promise<{ publicKey: string; fingerprint: string }> {
    const passphrase = requirePassphrase();
    if (!force && (await readJson(this.keystorePath)) !== undefined) {
      throw new AgentError(
        `${this.keystorePath} already exists; pass --force to replace it (the old key is lost)`,
        EXIT.usage,
      );
    }
    const keys = await generateKeyPair();
    await this.writePrivate('keystore.json', {
      publicKey: keys.publicKey,
      fingerprint: keyFingerprint(keys.publicKey),
      createdAt: new Date().toISOString(),
      seed: await seal(keys.secretKey, passphrase),
    });
    return { publicKey: keys.publicKey, fingerprint: keyFingerprint(keys.publicKey) };
  }

  async publicKey(): Promise<string> {
    return (await this.keystore()).publicKey;
  }

  /** The seed, decrypted in memory only for the signature being made. */
  async seed(): Promise<string> {
    const keystore = await this.keystore();
    const seed = await unseal(keystore.seed, requirePassphrase());
    if ((await publicKeyFromSeed(seed)) !== keystore.publicKey) {
      throw new AgentError(
        `${this.keystorePath} is inconsistent: its seed does not match its public key`,
        EXIT.setup,
      );
    }
    return seed;
  }

  async saveMember(member: { memberId: string; handle?: string }): Promise<void> {
    await this.writePrivate('member.json', member);
  }

  async memberId(explicit?: string): Promise<string> {
    if (explicit !== undefined) return explicit;
    const member = await readJson<{ memberId: string }>(this.file('member.json'));
    if (member === undefined)
      throw new AgentError(
        'no member id yet: run `convene apply` first (or pass --member)',
        EXIT.setup,
      );
    return member.memberId;
  }

  async saveToken(token: string): Promise<void> {
    await this.writePrivate('token.json', { token: await seal(token, requirePassphrase()) });
  }

  async token(): Promise<string> {
    const stored = await readJson<{ token: SealedSecret }>(this.file('token.json'));
    if (stored === undefined)
      throw new AgentError('no token yet: run `convene claim-token` once approved', EXIT.setup);
    return unseal(stored.token, requirePassphrase());
  }

  private async keystore(): Promise<{ publicKey: string; seed: SealedSecret }> {
    const keystore = await readJson<{ publicKey: string; seed: SealedSecret }>(this.keystorePath);
    if (keystore === undefined)
      throw new AgentError(
        `no keystore at ${this.keystorePath}: run \`convene keygen\` first`,
        EXIT.setup,
      );
    return keystore;
  }

  private async writePrivate(name: string, value: unknown): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const target = this.file(name);
    await writeFile(target, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
    await chmod(target, 0o600);
  }
}

function requirePassphrase(): string {
  const passphrase = process.env.CONVENE_PASSPHRASE;
  if (passphrase === undefined || passphrase.length < 8) {
    throw new AgentError(
      'set CONVENE_PASSPHRASE (8+ characters) in the environment; it is never read from flags',
      EXIT.setup,
    );
  }
  return passphrase;
}

async function readJson<T = unknown>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new AgentError(`cannot read ${file}: ${(error as Error).message}`, EXIT.setup);
  }
}
