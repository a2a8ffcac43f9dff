import { Type, type Static } from 'typebox';
import { IMPORT_KINDS } from '../import/kinds.js';
import * as C from './common.js';

export const ActivityEntry = Type.Object({
  id: C.Uuid,
  occurredAt: C.IsoTime('when it happened'),
  kind: Type.String({ description: 'e.g. payment, launch, vault_deposit' }),
  agent: C.Nullable(C.Ref),
  projectSlug: C.Nullable(Type.String()),
  summary: Type.String(),
  amountUsd: C.Nullable(Type.Number()),
  txHash: C.Nullable(Type.String()),
});
export const ActivityLogResponse = Type.Object(
  {
    entries: Type.Array(ActivityEntry, { description: 'newest first; empty while no writer runs' }),
  },
  { title: 'ActivityLogResponse' },
);
export const ActivityQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'default 100' })),
});

export const COMMENTS_PAGE_SIZE = 50;
export const Comment = Type.Object(
  {
    id: C.Uuid,
    createdAt: C.IsoTime('when it was posted'),
    author: Type.String({ description: 'untrusted user input, returned as stored' }),
    body: Type.String({
      description: 'untrusted user input, returned exactly as stored: render as text, never HTML',
    }),
    targetType: C.Nullable(Type.String({ description: 'agent, coin, vault, wallet or project' })),
    targetId: C.Nullable(Type.String()),
  },
  { title: 'Comment' },
);
export const CommentsResponse = Type.Object({
  page: Type.Integer(),
  pageSize: Type.Integer({ description: `${COMMENTS_PAGE_SIZE} comments per page` }),
  total: Type.Integer(),
  hasMore: Type.Boolean(),
  comments: Type.Array(Comment, { description: 'newest first' }),
});
export const CommentsQuery = Type.Object({
  page: Type.Optional(
    Type.String({ description: `page number from 1 (default 1); ${COMMENTS_PAGE_SIZE} per page` }),
  ),
});

export const ImportQuery = Type.Object({
  kind: Type.Union(
    IMPORT_KINDS.map((kind) => Type.Literal(kind)),
    { description: 'the kind of every record in the body (see docs/analytics-import.md)' },
  ),
  check: Type.Optional(Type.Boolean({ description: 'validate only, write nothing' })),
});
export const ImportResponse = Type.Object({
  kind: Type.String(),
  received: Type.Integer({ description: 'non-blank lines read' }),
  imported: Type.Integer({
    description: 'records inserted or updated (valid records when check=true)',
  }),
  rejected: Type.Integer(),
  errors: Type.Array(
    Type.Object({
      line: Type.Integer(),
      field: C.Nullable(Type.String()),
      message: Type.String(),
    }),
    { description: 'the first 1,000 problems, each naming the body line and field' },
  ),
  dataVersion: Type.Integer({ description: 'the analytics data version after the import' }),
});

export type ActivityEntry = Static<typeof ActivityEntry>;
export type CommentsResponse = Static<typeof CommentsResponse>;
