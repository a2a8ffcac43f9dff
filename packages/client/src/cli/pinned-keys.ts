import { Option } from 'commander';
import { serviceKeyList } from '../agent/pinned-keys.js';

export { serviceKeyList };

const KEY_HELP =
  'raw base64 Ed25519 public key (32 bytes), as GET /api/swarm/receipt-key and GET /api/log/key answer it and `convene keys` prints it';

export const logKeyOption = () =>
  new Option('--log-key <base64>', `the log's key to expect: ${KEY_HELP}`).env('CONVENE_LOG_KEY');

export const serviceKeyOption = () =>
  new Option(
    '--service-key <base64,…>',
    `the receipt keys to expect, comma-separated (after a rotation the current and the retired ones): ${KEY_HELP}`,
  )
    .env('CONVENE_SERVICE_KEY')
    .argParser(serviceKeyList);
