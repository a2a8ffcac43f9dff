import { readFile } from 'node:fs/promises';
import {
  RECEIPT_REASONS,
  RECEIPT_REASON_TEXT,
  aggregate,
  keyFingerprint,
  parseCanonicalTake,
  verify,
  verifyReceipt,
} from '@convene/protocol';
import type { Command } from 'commander';
import { unwrap } from '../../sdk/client.js';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';

interface Check {
  check: string;
  ok: boolean;
  detail?: string;
}

/** verify take <id>, verify receipt <sessionId> [--file] — recomputed locally, trusting only the data. */
export function registerVerify(program: Command, context: () => CliContext): void {
  const verifyCommand = program
    .command('verify')
    .description('audit takes and consensus receipts locally with the protocol package');

  verifyCommand
    .command('take <id>')
    .description(
      "re-check a take's signature over its canonical bytes and that the fields say what was signed",
    )
    .addHelpText('after', '\nExample:\n  convene verify take 42')
    .action(async (id: string) => {
      const ctx = context();
      const receipt = unwrap(
        await ctx.publicApi().GET('/api/swarm/takes/{id}', { params: { path: { id } } }),
      );
      const draft = parseCanonicalTake(receipt.canonical);
      const checks: Check[] = [
        { check: 'canonical bytes are a canonical take', ok: draft !== null },
        {
          check: 'fields match the signed text',
          ok:
            draft !== null &&
            draft.memberId === receipt.memberId &&
            draft.stance === receipt.stance &&
            draft.confidence === receipt.confidence,
        },
        {
          check: 'Ed25519 signature verifies with the key on the receipt',
          ok:
            receipt.publicKey !== null &&
            (await verify(receipt.publicKey, receipt.canonical, receipt.signature)),
          detail: receipt.publicKey === null ? 'no key' : keyFingerprint(receipt.publicKey),
        },
        {
          check: 'signer fingerprint matches that key',
          ok:
            receipt.publicKey !== null &&
            receipt.signer.publicKeyFingerprint === keyFingerprint(receipt.publicKey),
        },
      ];
      finish(ctx, { takeId: receipt.id, revision: receipt.revision, checks }, checks);
    });

  verifyCommand
    .command('receipt [sessionId]')
    .description(
      'verify a consensus receipt: every member signature, the aggregate recomputed, the service signature',
    )
    .option('--file <path>', 'verify a receipt saved as JSON, offline')
    .option(
      '--service-key <base64>',
      'the service public key to expect (default: GET /api/swarm/receipt-key when online)',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  convene verify receipt 6c1e…\n  convene verify receipt --file receipt.json --service-key MCow…',
    )
    .action(
      async (sessionId: string | undefined, options: { file?: string; serviceKey?: string }) => {
        const ctx = context();
        const receipt =
          options.file !== undefined
            ? await readReceiptFile(options.file)
            : await fetchReceipt(ctx, sessionId);
        const expected =
          options.serviceKey ??
          (options.file === undefined ? await fetchServiceKey(ctx, receipt) : undefined);
        const result = await verifyReceipt(
          receipt,
          expected === undefined ? {} : { expectedServicePublicKey: expected },
        );
        const failed = new Set(result.unverifiedReasons.map((reason) => reason.code));
        const checks: Check[] = Object.values(RECEIPT_REASONS).map((code) => ({
          check: RECEIPT_REASON_TEXT[code].replace(/^./, (first) => first.toUpperCase()),
          ok: !failed.has(code),
          ...(failed.has(code)
            ? {
                detail:
                  result.unverifiedReasons.find((reason) => reason.code === code)?.message ?? '',
              }
            : {}),
        }));
        finish(
          ctx,
          {
            verified: result.verified,
            unverifiedReasons: result.unverifiedReasons,
            recomputed: recompute(receipt),
            checks,
          },
          checks,
        );
      },
    );
}

/** The aggregate recomputed from the carried submissions, printed so an auditor can compare. */
function recompute(receipt: unknown): unknown {
  try {
    const payload = (
      receipt as {
        payload: {
          submissions: Array<{ canonical_submission: string }>;
          quorum: { absent: string[]; required: number };
        };
      }
    ).payload;
    const takes = payload.submissions.map((entry) =>
      parseCanonicalTake(entry.canonical_submission),
    );
    if (takes.some((take) => take === null)) return null;
    const submissions = takes.map((take) => ({
      memberId: take!.memberId,
      stance: take!.stance,
      confidence: take!.confidence,
      ...(take!.weights === undefined ? {} : { weights: take!.weights }),
    }));
    const roster = [...submissions.map((s) => s.memberId), ...payload.quorum.absent];
    return aggregate({ submissions, roster, requiredQuorum: payload.quorum.required });
  } catch {
    return null;
  }
}

async function readReceiptFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    throw new CliError(`cannot read receipt file ${file}: ${(error as Error).message}`, EXIT.usage);
  }
}

async function fetchReceipt(ctx: CliContext, sessionId: string | undefined): Promise<unknown> {
  if (sessionId === undefined)
    throw new CliError('give a session id, or --file <path>', EXIT.usage);
  const response = await fetch(
    `${ctx.baseUrl()}/api/swarm/sessions/${encodeURIComponent(sessionId)}/consensus-receipt`,
  );
  if (!response.ok)
    throw new CliError(
      `no consensus receipt for session ${sessionId} (HTTP ${response.status})`,
      response.status >= 500 ? EXIT.unavailable : EXIT.refused,
    );
  return response.json();
}

/**
 * The service key to expect: the one that signed this receipt when the service vouches for it (a key
 * retired by a rotation stays listed), else the current one, so a foreign key is reported.
 */
async function fetchServiceKey(ctx: CliContext, receipt: unknown): Promise<string | undefined> {
  const response = await fetch(`${ctx.baseUrl()}/api/swarm/receipt-keys`);
  if (!response.ok) return undefined;
  const { keys } = (await response.json()) as { keys?: Array<{ publicKey: string }> };
  const carried = (receipt as { signature?: { publicKey?: unknown } } | null)?.signature?.publicKey;
  const vouched = keys?.find((key) => key.publicKey === carried);
  return vouched?.publicKey ?? keys?.[0]?.publicKey;
}

function finish(ctx: CliContext, data: Record<string, unknown>, checks: Check[]): void {
  const ok = checks.every((check) => check.ok);
  ctx.print({ ok, ...data }, () =>
    [
      ...checks.map(
        (check) =>
          `${check.ok ? '✓' : '✗'} ${check.check}${check.detail === undefined || check.detail === '' ? '' : `  (${check.detail})`}`,
      ),
      ok ? 'VERIFIED' : 'NOT VERIFIED',
    ].join('\n'),
  );
  if (!ok) process.exitCode = EXIT.failed;
}
