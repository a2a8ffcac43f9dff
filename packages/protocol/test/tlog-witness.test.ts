import { describe, expect, it } from 'vitest';
import {
  formatAddCheckpoint,
  parseAddCheckpoint,
  parseSignatureLines,
  parseTreeSize,
  verifyCheckpointNote,
  witnessAddCheckpoint,
  type WitnessRecord,
} from '../src/index.js';
import { readVectorFile } from './vectors.js';

interface CheckpointVectors {
  log: { name: string; verifierKey: string };
  witness: { name: string; seed: string; verifierKey: string; timestamp: number };
  checkpoints: Array<{ size: number; note: string }>;
  cosigned: string;
  addCheckpoint: {
    witnessSize: number;
    witnessRoot: string;
    request: string;
    response: { status: number; body: string };
    conflict: {
      request: string;
      response: { status: number; contentType: string; body: string };
    };
  };
}

const v = readVectorFile<CheckpointVectors>('tlog-checkpoints.json');
const latest = v.checkpoints.at(-1)!.note;
const held: WitnessRecord = {
  size: v.addCheckpoint.witnessSize,
  rootHash: v.addCheckpoint.witnessRoot,
  note: v.checkpoints.find((c) => c.size === v.addCheckpoint.witnessSize)!.note,
};
const decide = (
  body: string,
  record: WitnessRecord | 'none' = held,
  timestamp = v.witness.timestamp,
) =>
  witnessAddCheckpoint({
    body,
    logs: [{ origin: v.log.name, vkey: v.log.verifierKey }],
    recordOf: (origin) => (origin === v.log.name && record !== 'none' ? record : undefined),
    witness: { name: v.witness.name, seed: v.witness.seed },
    timestamp,
  });

describe('C2SP tlog-witness add-checkpoint', () => {
  it('the request body is the spec layout, byte for byte, and parses back', () => {
    const parsed = parseAddCheckpoint(v.addCheckpoint.request);
    expect(parsed).not.toBeNull();
    expect(parsed!.oldSize).toBe(3);
    expect(parsed!.checkpoint).toBe(latest);
    expect(formatAddCheckpoint(parsed!)).toBe(v.addCheckpoint.request);
    expect(v.addCheckpoint.request).toBe(
      `old 3\n${parsed!.proof.map((h) => `${h}\n`).join('')}\n${latest}`,
    );
  });

  it('the witness answers the vector cosignature line; with the note it is the cosigned vector', async () => {
    const answer = await decide(v.addCheckpoint.request);
    expect(answer).toMatchObject({ status: 200, body: v.addCheckpoint.response.body });
    expect(parseSignatureLines(answer.body)).toHaveLength(1);
    expect(`${latest}${answer.body}`).toBe(v.cosigned);
    const verified = await verifyCheckpointNote(v.cosigned, {
      logKey: v.log.verifierKey,
      cosignerKeys: [v.witness.verifierKey],
    });
    expect(verified.ok && verified.cosignatures[0]!.timestamp).toBe(v.witness.timestamp);
  });

  it('409 with the held size as text/x.tlog.size when old is not it', async () => {
    const answer = await decide(v.addCheckpoint.conflict.request);
    expect(answer).toEqual({
      status: 409,
      body: v.addCheckpoint.conflict.response.body,
      contentType: 'text/x.tlog.size',
    });
    expect(parseTreeSize(answer.body)).toBe(3);
  });

  it('404 unknown origin, 403 a bad log signature, 400 malformed or old beyond, 422 a bad proof', async () => {
    const request = v.addCheckpoint.request;
    const otherLog = request.replaceAll(v.log.name, 'other.example/log');
    expect((await decide(otherLog)).status).toBe(404);
    const badSignature = request.replace(
      / (\S)(\S+)\n$/,
      (_m, first: string, rest: string) => ` ${first === 'A' ? 'B' : 'A'}${rest}\n`,
    );
    expect((await decide(badSignature)).status).toBe(403);
    expect((await decide(request.replace('old 3', 'old 03'))).status).toBe(400);
    expect((await decide(request.replace('old 3', 'old 9'))).status).toBe(400);
    const lines = request.split('\n');
    const swapped = [lines[0], lines[2], lines[1], ...lines.slice(3)].join('\n');
    expect((await decide(swapped)).status).toBe(422);
    const fromZeroWithProof = request.replace('old 3', 'old 0');
    expect((await decide(fromZeroWithProof, 'none')).status).toBe(422);
    await expect(decide(request, held, 0)).rejects.toThrow(/positive/);
  });
});
