import { startProxy, type RunningProxy } from '@convene/test-support';

/**
 * A reverse proxy to `target` that edits one field of every consensus receipt it passes on
 * (the payload's score), as a lying or broken server would; everything else is forwarded as is.
 */
export function startTamperProxy(target: string): Promise<RunningProxy> {
  return startProxy(target, {
    body: (path, body) => {
      if (!path.includes('/consensus-receipt')) return body;
      const receipt = JSON.parse(body.toString('utf8')) as { payload: { score: number } };
      receipt.payload.score = receipt.payload.score + 0.25;
      return Buffer.from(JSON.stringify(receipt));
    },
  });
}
