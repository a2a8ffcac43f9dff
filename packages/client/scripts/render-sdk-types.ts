import openapiTS, { astToString } from 'openapi-typescript';
import { format } from 'prettier';
import { currentOpenApiDocument } from './openapi-document.js';

const HEADER = `/**
 * Generated from the server's OpenAPI document by scripts/generate-sdk-types.ts. Do not edit.
 * test/sdk-drift.test.ts fails when this file no longer matches the server.
 */
`;

export async function renderSdkTypes(): Promise<string> {
  const document = await currentOpenApiDocument();
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0]);
  const source = `${HEADER}${astToString(ast)}`;
  return format(source, {
    parser: 'typescript',
    singleQuote: true,
    printWidth: 100,
    trailingComma: 'all',
  });
}
