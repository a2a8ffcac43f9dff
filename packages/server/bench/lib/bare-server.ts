/**
 * The baseline: a bare node:http server answering each captured path with the real server's status,
 * headers and body bytes, so both put the same bytes on the wire and the ratio measures only the
 * work of producing them. Run as a child: node --import tsx bare-server.ts <captured.json>.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface CapturedResponse {
  status: number;
  /** Every response header except those node:http writes itself (date, connection, keep-alive). */
  headers: Record<string, string>;
  bodyBase64: string;
}

const captured = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as Record<
  string,
  CapturedResponse
>;
const responses = new Map(
  Object.entries(captured).map(([url, response]) => [
    url,
    { ...response, body: Buffer.from(response.bodyBase64, 'base64') },
  ]),
);

createServer((request, response) => {
  const found = responses.get(request.url ?? '');
  if (found === undefined) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(found.status, found.headers);
  response.end(found.body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('bare ready\n'));
