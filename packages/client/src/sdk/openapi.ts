/**
 * Generated from the server's OpenAPI document by scripts/generate-sdk-types.ts. Do not edit.
 * test/sdk-drift.test.ts fails when this file no longer matches the server.
 */
export interface paths {
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Service health with live database guard probes
     * @description 503 (same body, status "loading", Retry-After) while a first demo start builds its data.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description "ok"; "loading" while a first demo start builds its data (the API answers 503 meanwhile), even when a probe fails (see reason); "degraded" when the database, a guard, the log's signer or its integrity check fails (see reason) */
              status: 'ok' | 'degraded' | 'loading';
              /** @description anything but "prod" means demo or staging data, not the live treasury */
              env: 'prod' | 'staging' | 'demo';
              /** @description driver and whether it answered, e.g. "pglite: ok" */
              db: string;
              /** @description "enforced" when the database refused the probe as it must; "missing: <tables>" or "error" otherwise */
              handle_namespace: string;
              /** @description "enforced" when the database refused the probe as it must; "missing: <tables>" or "error" otherwise */
              append_only_guard: string;
              /** @description the transparency log: "ok"; "inconsistent: <what>" when the check at start found entries or rows lost (every problem in /api/admin/status); "halted: <why>" when its signer refused to sign; "stalled: <why>" when the tree has been ahead of the latest checkpoint for longer than LOG_STALL_SECONDS; "off" when no log is kept */
              transparency_log: string;
              /** @description what failed: why the status is "degraded", or a probe failing while loading (absent otherwise) */
              reason?: string;
            };
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description "ok"; "loading" while a first demo start builds its data (the API answers 503 meanwhile), even when a probe fails (see reason); "degraded" when the database, a guard, the log's signer or its integrity check fails (see reason) */
              status: 'ok' | 'degraded' | 'loading';
              /** @description anything but "prod" means demo or staging data, not the live treasury */
              env: 'prod' | 'staging' | 'demo';
              /** @description driver and whether it answered, e.g. "pglite: ok" */
              db: string;
              /** @description "enforced" when the database refused the probe as it must; "missing: <tables>" or "error" otherwise */
              handle_namespace: string;
              /** @description "enforced" when the database refused the probe as it must; "missing: <tables>" or "error" otherwise */
              append_only_guard: string;
              /** @description the transparency log: "ok"; "inconsistent: <what>" when the check at start found entries or rows lost (every problem in /api/admin/status); "halted: <why>" when its signer refused to sign; "stalled: <why>" when the tree has been ahead of the latest checkpoint for longer than LOG_STALL_SECONDS; "off" when no log is kept */
              transparency_log: string;
              /** @description what failed: why the status is "degraded", or a probe failing while loading (absent otherwise) */
              reason?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/apply': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Apply with a signed application; an invalid signature records nothing and returns expectedPayload */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name: string;
            /** @description private: never echoed on public routes */
            contact: string;
            lens?: string;
            /** @description base64 of the raw 32-byte Ed25519 public key */
            publicKey: string;
            /** @description base64 Ed25519 signature over the canonical application (docs/protocol.md) */
            signature: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              memberId: string;
              handle: string;
              /** @enum {string} */
              state: 'applied';
            };
          };
        };
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              memberId: string;
              handle: string;
              /** @enum {string} */
              state: 'applied';
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/apply/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Public, redacted application status */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: uuid */
              id: string;
              state: 'applied' | 'approved' | 'claimed' | 'rejected' | 'inactive';
              /** Format: date-time */
              appliedAt: string;
              reviewedAt: string | null;
              claimedAt: string | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/token-claim/challenge': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** An opaque challenge valid 10 minutes (the answer never reveals membership) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            memberId: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              challenge: string;
              /** Format: date-time */
              expiresAt: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/token-claim': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Prove the key with a signed challenge; the first valid proof returns the bearer token once */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            memberId: string;
            challenge: string;
            expiresAt: string;
            signature: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              memberId: string;
              token: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/verify-token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Which member a bearer token belongs to */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: uuid */
              memberId: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/activate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Activate an applicant: the pending key becomes active and an approval email is queued */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            memberId: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              memberId: string;
              memberStatus: string;
              changed: boolean;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/members/{id}/deactivate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Deactivate a member and revoke its token */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description member UUID or handle */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              memberId: string;
              memberStatus: string;
              changed: boolean;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/members/{id}/reactivate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Reactivate a member (it claims a fresh token with its key) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description member UUID or handle */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              memberId: string;
              memberStatus: string;
              changed: boolean;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/members/{id}/rotate-key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Replace a member's active key; takes signed with the old key keep verifying against it */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description member UUID or handle */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            publicKey: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              memberId: string;
              keyId: number;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/members/{id}/revoke-token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke a member's bearer token; the member claims a new one by proving its key */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description member UUID or handle */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              memberId: string;
              revoked: boolean;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/members/{id}/role': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set a member role: member (files takes) or judge (files judgements) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description member UUID or handle */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            role: 'member' | 'judge';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              memberId: string;
              role: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/signing-payload': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The exact canonical string to sign for a take draft */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            memberId: string;
            /** @description the session date (UTC) */
            date: string;
            subjectId: string;
            /** @description unique per member forever */
            nonce: string;
            stance: 'bearish' | 'cautious' | 'neutral' | 'constructive' | 'bullish';
            confidence: number;
            body?: string;
            memoUrl?: string;
            /** @description distinct buckets, non-negative finite weights, positive total */
            weights?: {
              bucket: string;
              weight: number;
            }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              canonical: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/submit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** File a signed take (or an amendment: a fresh nonce and revised content) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            memberId: string;
            /** @description the session date (UTC) */
            date: string;
            subjectId: string;
            /** @description unique per member forever */
            nonce: string;
            stance: 'bearish' | 'cautious' | 'neutral' | 'constructive' | 'bullish';
            confidence: number;
            body?: string;
            memoUrl?: string;
            /** @description distinct buckets, non-negative finite weights, positive total */
            weights?: {
              bucket: string;
              weight: number;
            }[];
            signature: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              /** @enum {number} */
              status: 201;
              /** @description also accepted by GET /api/swarm/takes/{id} */
              recommendationId: number;
              /** @enum {boolean} */
              verified: true;
              /** @description the take's index in the transparency log, assigned in the statement that filed it (null only when the server runs with LOG_ENABLED=false) */
              logIndex: number | null;
              /** @description base64 RFC 6962 leaf hash of the take's log entry */
              leafHash: string | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/takes/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A take receipt: signature, fields and log entry re-checked on this request */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description take UUID (or its numeric recommendationId) */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: uuid */
              id: string;
              recommendationId: number;
              /** Format: uuid */
              sessionId: string;
              /** Format: uuid */
              memberId: string;
              date: string | null;
              subjectId: string | null;
              revision: number;
              stance: string;
              confidence: number;
              body: string;
              memoUrl: string | null;
              weights:
                | {
                    bucket: string;
                    weight: number;
                  }[]
                | null;
              nonce: string;
              /** Format: date-time */
              receivedAt: string;
              /** @description the exact canonical text that was signed */
              canonical: string;
              /** @description base64 Ed25519 signature */
              signature: string;
              /** @description the key this take was filed and is verified with */
              publicKey: string | null;
              /** @description recomputed on this request: signature, fields against the signed text, and the log entry */
              verified: boolean;
              /** @description present only when verified is false: why (codes in docs/protocol.md) */
              unverifiedReasons?: {
                code: string;
                message: string;
              }[];
              /** @description the take's index in the transparency log; null when the log holds none */
              logIndex: number | null;
              /** @description base64 SHA-256(0x00 ‖ entry) of its log entry */
              leafHash: string | null;
              /** @description inclusion proof of the log entry against the latest checkpoint; null while none covers it yet (within a second) or when the log holds no entry (inclusionPending says which) */
              inclusion: {
                /** @description the signed checkpoint (C2SP signed note) the proof is against */
                checkpoint: string;
                treeSize: number;
                /** @description base64 RFC 9162 inclusion proof, bottom-up */
                hashes: string[];
              } | null;
              /** @description why inclusion is null: "not yet covered by a checkpoint …", "the log's signer has stopped: …" (halted or stalled: the log signs no checkpoint), "the log holds no entry for this take"; null when inclusion is given */
              inclusionPending: string | null;
              signer: {
                /** Format: uuid */
                id: string;
                handle: string | null;
                name: string | null;
                publicKeyFingerprint: string | null;
              };
              /** @description the member's newest revision in the same session, or null when this is it */
              supersededBy: {
                /** Format: uuid */
                id: string;
                revision: number;
                /** Format: date-time */
                receivedAt: string;
              } | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description a take the service filed (its append-only nonce ledger names it) whose row it no longer serves: removed behind its back */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 410;
              error: string;
              /** @enum {string} */
              code: 'take_row_missing';
              /** @description the member the nonce ledger names */
              memberId: string;
              /** Format: date-time */
              filedAt: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/members/{id}/takes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A member's takes, newest first, including sessions still collecting; optionally on one subject */
    get: {
      parameters: {
        query?: {
          /** @description page size, clamped to 1..1000; non-integers are a 400. Absent: every take, no cap */
          limit?: string;
          /** @description nextCursor of the previous page (with limit) */
          cursor?: string;
          /** @description only takes in sessions of this subject id; an unknown subject is an empty list */
          subject?: string;
        };
        header?: never;
        path: {
          /** @description member UUID or handle */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              memberId: string;
              handle: string;
              /** @description every subject the member has a take on, sorted, whatever the filter */
              subjects: string[];
              takes: {
                /** Format: uuid */
                id: string;
                recommendationId: number;
                /** Format: uuid */
                sessionId: string;
                /** @description UTC date YYYY-MM-DD of the session; a well-formed date that is no calendar day (2026-02-30) names no session (submit: 404 no session for date/subject) */
                date: string;
                subjectId: string;
                sessionState:
                  | 'scheduled'
                  | 'collecting'
                  | 'window_closed'
                  | 'aggregated'
                  | 'published'
                  | 'cancelled';
                revision: number;
                stance: string;
                confidence: number;
                body: string;
                memoUrl: string | null;
                weights:
                  | {
                      bucket: string;
                      weight: number;
                    }[]
                  | null;
                nonce: string;
                /** @description the exact canonical text that was signed */
                canonical: string;
                signature: string;
                /** @description the key this take was filed and is verified with */
                publicKey: string;
                /** Format: date-time */
                receivedAt: string;
                /** @description signature, stored fields and the log entry re-checked on this read */
                verified: boolean;
                /** @description present only when verified is false: why (codes in docs/protocol.md) */
                unverifiedReasons?: {
                  code: string;
                  message: string;
                }[];
                /** @description the take's index in the transparency log; null when the log holds none */
                logIndex: number | null;
                /** @description base64 SHA-256(0x00 ‖ entry) of its log entry */
                leafHash: string | null;
                /** @description a later revision of this take exists */
                superseded: boolean;
                /** @description the member's newest revision in the same session, or null when this is it */
                supersededBy: {
                  /** Format: uuid */
                  id: string;
                  revision: number;
                  /** Format: date-time */
                  receivedAt: string;
                } | null;
              }[];
              nextCursor: string | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/memos': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Post a memo (member bearer); its url can be a later take’s memoUrl
     * @description Title and body are stored exactly as sent or refused: 400 `invalid memo` for an empty or over-long field or for text that cannot be stored exactly (U+0000, a lone UTF-16 surrogate), as on submit; never replaced by U+FFFD. 404 for an unknown sessionId.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            title: string;
            body: string;
            /** Format: uuid */
            sessionId?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              /** @enum {number} */
              status: 201;
              /** Format: uuid */
              id: string;
              url: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/memos/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A published memo */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              memberId: string;
              handle: string;
              sessionId: string | null;
              title: string;
              body: string;
              /** Format: date-time */
              createdAt: string;
              url: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Active members (house and external, members and judges) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              members: {
                id: string;
                handle: string;
                displayName: string;
                status: string;
                /** @description member (files takes) or judge (files judgements) */
                role: string;
                lens: string | null;
                mandate: string | null;
                tagline: string | null;
                biases: string[];
                operator: string | null;
                mode: string | null;
                house: boolean;
                /** @description base64 Ed25519 key new takes are verified with */
                publicKey: string | null;
                /** Format: date-time */
                appliedAt: string;
                activatedAt: string | null;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/members/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A member by UUID or handle */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description member UUID or handle */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              id: string;
              handle: string;
              displayName: string;
              status: string;
              /** @description member (files takes) or judge (files judgements) */
              role: string;
              lens: string | null;
              mandate: string | null;
              tagline: string | null;
              biases: string[];
              operator: string | null;
              mode: string | null;
              house: boolean;
              /** @description base64 Ed25519 key new takes are verified with */
              publicKey: string | null;
              /** Format: date-time */
              appliedAt: string;
              activatedAt: string | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/subjects': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every subject the swarm convenes on, by id, with its name */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              subjects: {
                /** @description subject id (slug) */
                id: string;
                /** @description what readers call the subject */
                name: string;
                status: string;
              }[];
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/subjects/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A subject the swarm convenes on, with its schedule and quorum */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description subject id (slug) */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description subject id (slug) */
              id: string;
              status: string;
              name: string;
              operator: string | null;
              homepage: string | null;
              xHandle: string | null;
              thesisBlurb: string | null;
              wallets: unknown[];
              nftContracts: unknown[];
              source: string | null;
              recommendationType: 'bucket_weights' | 'position_actions';
              linkedMemberId: string | null;
              structuralNotes: string | null;
              lastReviewed: string | null;
              /** @description counted takes a session needs to aggregate */
              quorumRequired: number;
              schedule: {
                cron: string | null;
                enabled: boolean;
                nextFireAt: string | null;
              };
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/subjects/{id}/snapshots': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Holdings snapshots the swarm reasoned over, one per session, newest first */
    get: {
      parameters: {
        query?: {
          /** @description default 30, clamped to 1..365 */
          limit?: string;
        };
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              snapshots: {
                id: string;
                subjectId: string;
                sessionId: string | null;
                /** Format: date-time */
                takenAt: string;
                totalUsd: number | null;
                holdings: {
                  wallet: string;
                  asset: string;
                  bucket: string | null;
                  amount: number | null;
                  valueUsd: number | null;
                  share: number | null;
                  /** @description live, declared, or how the value was estimated */
                  provenance: string;
                }[];
                notable: string[];
              }[];
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/sessions/{id}/snapshot': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The holdings snapshot a session reasoned over (taken when it convened)
     * @description `snapshot` is null for a session that has none: every session opened takes one (with no holdings for a subject without wallets to read), so only a session from before snapshots were stored has none (its outcome is `no_snapshot`, docs/methodology.md §2).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description session UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              snapshot: {
                id: string;
                subjectId: string;
                sessionId: string | null;
                /** Format: date-time */
                takenAt: string;
                totalUsd: number | null;
                holdings: {
                  wallet: string;
                  asset: string;
                  bucket: string | null;
                  amount: number | null;
                  valueUsd: number | null;
                  share: number | null;
                  /** @description live, declared, or how the value was estimated */
                  provenance: string;
                }[];
                notable: string[];
              } | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/subjects/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Create or edit a subject: identity fields, convene schedule (cron, UTC) and quorum */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description subject slug */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name: string;
            recommendationType: 'bucket_weights' | 'position_actions';
            status?: string;
            operator?: string | null;
            homepage?: string | null;
            xHandle?: string | null;
            thesisBlurb?: string | null;
            wallets?: unknown[];
            nftContracts?: unknown[];
            source?: string | null;
            linkedMemberId?: string | null;
            structuralNotes?: string | null;
            lastReviewed?: string | null;
            schedule?: string | null;
            scheduleEnabled?: boolean;
            quorumRequired?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              created: boolean;
              subject: unknown;
            };
          };
        };
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              created: boolean;
              subject: unknown;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sessions, newest first, paged with an opaque cursor */
    get: {
      parameters: {
        query?: {
          state?:
            'scheduled' | 'collecting' | 'window_closed' | 'aggregated' | 'published' | 'cancelled';
          /** @description subject id */
          subject?: string;
          /** @description literal phrase, case-insensitive, over date, rationale, synthesis; a date matches as ISO (2026-11-20) or as the site shows it (20 Nov 2026, Nov 2026, Nov) */
          search?: string;
          /** @description page size, default 20, clamped to 1..100; non-integers are a 400 */
          limit?: string;
          /** @description nextCursor of the previous page */
          cursor?: string;
          /** @description 1: every field incl. regimeSummary, synthesis */
          full?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              sessions: (
                | {
                    /** Format: uuid */
                    id: string;
                    /** @description UTC date YYYY-MM-DD */
                    date: string;
                    subjectId: string;
                    state:
                      | 'scheduled'
                      | 'collecting'
                      | 'window_closed'
                      | 'aggregated'
                      | 'published'
                      | 'cancelled';
                    /** Format: date-time */
                    convenedAt: string;
                    windowClosesAt: string | null;
                    closedAt: string | null;
                    aggregatedAt: string | null;
                    publishedAt: string | null;
                    fireAt: string | null;
                    /** @description distinct members with a take in this session */
                    takeCount: number;
                    referenceAllocation: {
                      /** @description allocation framework version */
                      version: number;
                      asOf: string | null;
                      /** @description who set the targets: admin or swarm */
                      setBy: string;
                      sleeves: {
                        key: string;
                        target: number;
                      }[];
                      buckets: {
                        bucket: string;
                        weight: number;
                      }[];
                    } | null;
                    quorum: {
                      /** @description members expected to file: the frozen roster minus excused members and judges (judges file no takes) */
                      rosterSize: number;
                      submitted: number;
                      /** @description expected members (not excused, not judges) without a counted take */
                      absent: string[];
                      /** @description submitted / rosterSize; 0 for an empty roster */
                      participation: number;
                      required: number;
                      met: boolean;
                    } | null;
                    recommendation: {
                      stances: {
                        [key: string]: number;
                      };
                      score: number;
                      confidence: number;
                      weights: {
                        bucket: string;
                        weight: number;
                      }[];
                      /** @description total-variation distance of the weights from the reference allocation, over the buckets it knows (renormalised); null without a reference or without weight on a known bucket */
                      drift: number | null;
                      /** @description buckets the weights name that the reference allocation does not know: reported, left out of drift and ignored by the allocation */
                      unknownBuckets: string[];
                    } | null;
                    rationale: string | null;
                    allocationEffect:
                      | (
                          | {
                              /** @enum {string} */
                              status: 'applied';
                              /** @description the allocation version it produced */
                              version: number;
                              /** @description buckets the recommendation named that the treasury does not hold: ignored */
                              ignoredBuckets: string[];
                              /** Format: date-time */
                              decidedAt: string;
                            }
                          | {
                              /** @enum {string} */
                              status: 'not_applied';
                              reason:
                                | 'advisory_subject'
                                | 'quorum_not_met'
                                | 'no_weights'
                                | 'judged_unsafe'
                                | 'no_known_bucket'
                                | 'superseded';
                              detail: string;
                              /** @description buckets the recommendation named that the treasury does not hold: ignored */
                              ignoredBuckets: string[];
                              /** Format: date-time */
                              decidedAt: string;
                            }
                        )
                      | null;
                    rosterFrozen: boolean;
                    synthesis: string | null;
                    regimeSummary: unknown;
                    disagreement: {
                      stanceSpread: number;
                      stanceStdev: number;
                      poles: {
                        mostConstructive: {
                          stance: string;
                          /** @description members holding that stance */
                          members: string[];
                        };
                        leastConstructive: {
                          stance: string;
                          /** @description members holding that stance */
                          members: string[];
                        };
                      } | null;
                      buckets: {
                        bucket: string;
                        min: number;
                        max: number;
                        spread: number;
                        stdev: number;
                      }[];
                    } | null;
                    /** @description the counted take per member: memberId, takeId, revision */
                    counted: unknown;
                  }
                | {
                    /** Format: uuid */
                    id: string;
                    /** @description UTC date YYYY-MM-DD */
                    date: string;
                    subjectId: string;
                    state:
                      | 'scheduled'
                      | 'collecting'
                      | 'window_closed'
                      | 'aggregated'
                      | 'published'
                      | 'cancelled';
                    /** Format: date-time */
                    convenedAt: string;
                    windowClosesAt: string | null;
                    closedAt: string | null;
                    aggregatedAt: string | null;
                    publishedAt: string | null;
                    fireAt: string | null;
                    /** @description distinct members with a take in this session */
                    takeCount: number;
                    referenceAllocation: {
                      /** @description allocation framework version */
                      version: number;
                      asOf: string | null;
                      /** @description who set the targets: admin or swarm */
                      setBy: string;
                      sleeves: {
                        key: string;
                        target: number;
                      }[];
                      buckets: {
                        bucket: string;
                        weight: number;
                      }[];
                    } | null;
                    quorum: {
                      /** @description members expected to file: the frozen roster minus excused members and judges (judges file no takes) */
                      rosterSize: number;
                      submitted: number;
                      /** @description expected members (not excused, not judges) without a counted take */
                      absent: string[];
                      /** @description submitted / rosterSize; 0 for an empty roster */
                      participation: number;
                      required: number;
                      met: boolean;
                    } | null;
                    recommendation: {
                      stances: {
                        [key: string]: number;
                      };
                      score: number;
                      confidence: number;
                      weights: {
                        bucket: string;
                        weight: number;
                      }[];
                      /** @description total-variation distance of the weights from the reference allocation, over the buckets it knows (renormalised); null without a reference or without weight on a known bucket */
                      drift: number | null;
                      /** @description buckets the weights name that the reference allocation does not know: reported, left out of drift and ignored by the allocation */
                      unknownBuckets: string[];
                    } | null;
                    rationale: string | null;
                    allocationEffect:
                      | (
                          | {
                              /** @enum {string} */
                              status: 'applied';
                              /** @description the allocation version it produced */
                              version: number;
                              /** @description buckets the recommendation named that the treasury does not hold: ignored */
                              ignoredBuckets: string[];
                              /** Format: date-time */
                              decidedAt: string;
                            }
                          | {
                              /** @enum {string} */
                              status: 'not_applied';
                              reason:
                                | 'advisory_subject'
                                | 'quorum_not_met'
                                | 'no_weights'
                                | 'judged_unsafe'
                                | 'no_known_bucket'
                                | 'superseded';
                              detail: string;
                              /** @description buckets the recommendation named that the treasury does not hold: ignored */
                              ignoredBuckets: string[];
                              /** Format: date-time */
                              decidedAt: string;
                            }
                        )
                      | null;
                  }
              )[];
              nextCursor: string | null;
              nextSessionAt: string | null;
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/sessions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A session: brief, frozen roster, every take with its signature, quorum, disagreement, recommendation */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description session UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: uuid */
              id: string;
              /** @description UTC date YYYY-MM-DD */
              date: string;
              subjectId: string;
              state:
                | 'scheduled'
                | 'collecting'
                | 'window_closed'
                | 'aggregated'
                | 'published'
                | 'cancelled';
              /** Format: date-time */
              convenedAt: string;
              windowClosesAt: string | null;
              closedAt: string | null;
              aggregatedAt: string | null;
              publishedAt: string | null;
              fireAt: string | null;
              /** @description distinct members with a take in this session */
              takeCount: number;
              referenceAllocation: {
                /** @description allocation framework version */
                version: number;
                asOf: string | null;
                /** @description who set the targets: admin or swarm */
                setBy: string;
                sleeves: {
                  key: string;
                  target: number;
                }[];
                buckets: {
                  bucket: string;
                  weight: number;
                }[];
              } | null;
              quorum: {
                /** @description members expected to file: the frozen roster minus excused members and judges (judges file no takes) */
                rosterSize: number;
                submitted: number;
                /** @description expected members (not excused, not judges) without a counted take */
                absent: string[];
                /** @description submitted / rosterSize; 0 for an empty roster */
                participation: number;
                required: number;
                met: boolean;
              } | null;
              recommendation: {
                stances: {
                  [key: string]: number;
                };
                score: number;
                confidence: number;
                weights: {
                  bucket: string;
                  weight: number;
                }[];
                /** @description total-variation distance of the weights from the reference allocation, over the buckets it knows (renormalised); null without a reference or without weight on a known bucket */
                drift: number | null;
                /** @description buckets the weights name that the reference allocation does not know: reported, left out of drift and ignored by the allocation */
                unknownBuckets: string[];
              } | null;
              rationale: string | null;
              allocationEffect:
                | (
                    | {
                        /** @enum {string} */
                        status: 'applied';
                        /** @description the allocation version it produced */
                        version: number;
                        /** @description buckets the recommendation named that the treasury does not hold: ignored */
                        ignoredBuckets: string[];
                        /** Format: date-time */
                        decidedAt: string;
                      }
                    | {
                        /** @enum {string} */
                        status: 'not_applied';
                        reason:
                          | 'advisory_subject'
                          | 'quorum_not_met'
                          | 'no_weights'
                          | 'judged_unsafe'
                          | 'no_known_bucket'
                          | 'superseded';
                        detail: string;
                        /** @description buckets the recommendation named that the treasury does not hold: ignored */
                        ignoredBuckets: string[];
                        /** Format: date-time */
                        decidedAt: string;
                      }
                  )
                | null;
              rosterFrozen: boolean;
              synthesis: string | null;
              regimeSummary: unknown;
              disagreement: {
                stanceSpread: number;
                stanceStdev: number;
                poles: {
                  mostConstructive: {
                    stance: string;
                    /** @description members holding that stance */
                    members: string[];
                  };
                  leastConstructive: {
                    stance: string;
                    /** @description members holding that stance */
                    members: string[];
                  };
                } | null;
                buckets: {
                  bucket: string;
                  min: number;
                  max: number;
                  spread: number;
                  stdev: number;
                }[];
              } | null;
              /** @description the counted take per member: memberId, takeId, revision */
              counted: unknown;
              /** @description takes the aggregate counted whose rows the service no longer serves (removed behind its back); empty normally */
              missingTakes: {
                /** Format: uuid */
                takeId: string;
                /** Format: uuid */
                memberId: string;
                revision: number;
                /** @enum {string} */
                code: 'take_row_missing';
                message: string;
              }[];
              brief: {
                /** @description brief row id */
                id: number;
                date: string;
                subjectId: string;
                sessionId: string | null;
                /** Format: date-time */
                createdAt: string;
                body: {
                  regime: {
                    date: string;
                    composite: number | null;
                    regime: ('risk_off' | 'neutral' | 'risk_on') | null;
                    macro_regime: string | null;
                    onchain_regime: string | null;
                  } | null;
                  subject: {
                    /** @description subject id (slug) */
                    id: string;
                    status: string;
                    name: string;
                    operator: string | null;
                    homepage: string | null;
                    xHandle: string | null;
                    thesisBlurb: string | null;
                    wallets: unknown[];
                    nftContracts: unknown[];
                    source: string | null;
                    recommendationType: 'bucket_weights' | 'position_actions';
                    linkedMemberId: string | null;
                    structuralNotes: string | null;
                    lastReviewed: string | null;
                  };
                  /** @description the subject’s latest published sessions (snake_case) */
                  recentSessions: {
                    id: string;
                    /** Format: date-time */
                    convened_at: string;
                    date: string;
                    subject_id: string;
                    state: string;
                  }[];
                  /** @description { signalKey, date, href }; with include=researchSignals the legacy { signal_key, date, payload } */
                  researchSignals: {
                    [key: string]: unknown;
                  }[];
                  prompt: {
                    system: string;
                    user: string;
                  };
                  /** @description JSON-schema-like description of a take for this subject */
                  takeSchema: {
                    [key: string]: unknown;
                  };
                  windowClosesAt: string | null;
                } | null;
              } | null;
              roster: {
                /** Format: uuid */
                memberId: string;
                handle: string;
                displayName: string;
                excused: boolean;
                /** Format: date-time */
                addedAt: string;
              }[];
              /** @description one take per member: its highest revision; earlier ones at /api/swarm/takes/{id} and the member's takes */
              takes: {
                /** Format: uuid */
                id: string;
                recommendationId: number;
                /** Format: uuid */
                memberId: string;
                handle: string | null;
                revision: number;
                stance: string;
                confidence: number;
                body: string;
                memoUrl: string | null;
                weights:
                  | {
                      bucket: string;
                      weight: number;
                    }[]
                  | null;
                nonce: string;
                /** @description the exact canonical text that was signed */
                canonical: string;
                signature: string;
                /** @description the key this take was filed and is verified with */
                publicKey: string;
                /** Format: date-time */
                receivedAt: string;
                /** @description signature, stored fields and the log entry re-checked on this read */
                verified: boolean;
                /** @description present only when verified is false: why (codes in docs/protocol.md) */
                unverifiedReasons?: {
                  code: string;
                  message: string;
                }[];
                /** @description the take's index in the transparency log; null when the log holds none */
                logIndex: number | null;
                /** @description base64 SHA-256(0x00 ‖ entry) of its log entry */
                leafHash: string | null;
                /** @description the aggregate uses this take (false: excused, off the roster, or filed after aggregation) */
                counted: boolean;
                /** @description the member's newest revision in the same session, or null when this is it */
                supersededBy: {
                  /** Format: uuid */
                  id: string;
                  revision: number;
                  /** Format: date-time */
                  receivedAt: string;
                } | null;
              }[];
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/sessions/{id}/{subject}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The latest session of a UTC day and subject, as { session, takes } (earlier same-day sessions: use the list) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description the UTC date YYYY-MM-DD: 400 when not of that form; a well-formed date that is no calendar day (2026-02-30) has no session, 404 */
          id: string;
          /** @description subject id */
          subject: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              session: {
                /** Format: uuid */
                id: string;
                /** @description UTC date YYYY-MM-DD */
                date: string;
                subjectId: string;
                state:
                  | 'scheduled'
                  | 'collecting'
                  | 'window_closed'
                  | 'aggregated'
                  | 'published'
                  | 'cancelled';
                /** Format: date-time */
                convenedAt: string;
                windowClosesAt: string | null;
                closedAt: string | null;
                aggregatedAt: string | null;
                publishedAt: string | null;
                fireAt: string | null;
                /** @description distinct members with a take in this session */
                takeCount: number;
                referenceAllocation: {
                  /** @description allocation framework version */
                  version: number;
                  asOf: string | null;
                  /** @description who set the targets: admin or swarm */
                  setBy: string;
                  sleeves: {
                    key: string;
                    target: number;
                  }[];
                  buckets: {
                    bucket: string;
                    weight: number;
                  }[];
                } | null;
                quorum: {
                  /** @description members expected to file: the frozen roster minus excused members and judges (judges file no takes) */
                  rosterSize: number;
                  submitted: number;
                  /** @description expected members (not excused, not judges) without a counted take */
                  absent: string[];
                  /** @description submitted / rosterSize; 0 for an empty roster */
                  participation: number;
                  required: number;
                  met: boolean;
                } | null;
                recommendation: {
                  stances: {
                    [key: string]: number;
                  };
                  score: number;
                  confidence: number;
                  weights: {
                    bucket: string;
                    weight: number;
                  }[];
                  /** @description total-variation distance of the weights from the reference allocation, over the buckets it knows (renormalised); null without a reference or without weight on a known bucket */
                  drift: number | null;
                  /** @description buckets the weights name that the reference allocation does not know: reported, left out of drift and ignored by the allocation */
                  unknownBuckets: string[];
                } | null;
                rationale: string | null;
                allocationEffect:
                  | (
                      | {
                          /** @enum {string} */
                          status: 'applied';
                          /** @description the allocation version it produced */
                          version: number;
                          /** @description buckets the recommendation named that the treasury does not hold: ignored */
                          ignoredBuckets: string[];
                          /** Format: date-time */
                          decidedAt: string;
                        }
                      | {
                          /** @enum {string} */
                          status: 'not_applied';
                          reason:
                            | 'advisory_subject'
                            | 'quorum_not_met'
                            | 'no_weights'
                            | 'judged_unsafe'
                            | 'no_known_bucket'
                            | 'superseded';
                          detail: string;
                          /** @description buckets the recommendation named that the treasury does not hold: ignored */
                          ignoredBuckets: string[];
                          /** Format: date-time */
                          decidedAt: string;
                        }
                    )
                  | null;
                rosterFrozen: boolean;
                synthesis: string | null;
                regimeSummary: unknown;
                disagreement: {
                  stanceSpread: number;
                  stanceStdev: number;
                  poles: {
                    mostConstructive: {
                      stance: string;
                      /** @description members holding that stance */
                      members: string[];
                    };
                    leastConstructive: {
                      stance: string;
                      /** @description members holding that stance */
                      members: string[];
                    };
                  } | null;
                  buckets: {
                    bucket: string;
                    min: number;
                    max: number;
                    spread: number;
                    stdev: number;
                  }[];
                } | null;
                /** @description the counted take per member: memberId, takeId, revision */
                counted: unknown;
                /** @description takes the aggregate counted whose rows the service no longer serves (removed behind its back); empty normally */
                missingTakes: {
                  /** Format: uuid */
                  takeId: string;
                  /** Format: uuid */
                  memberId: string;
                  revision: number;
                  /** @enum {string} */
                  code: 'take_row_missing';
                  message: string;
                }[];
                brief: {
                  /** @description brief row id */
                  id: number;
                  date: string;
                  subjectId: string;
                  sessionId: string | null;
                  /** Format: date-time */
                  createdAt: string;
                  body: {
                    regime: {
                      date: string;
                      composite: number | null;
                      regime: ('risk_off' | 'neutral' | 'risk_on') | null;
                      macro_regime: string | null;
                      onchain_regime: string | null;
                    } | null;
                    subject: {
                      /** @description subject id (slug) */
                      id: string;
                      status: string;
                      name: string;
                      operator: string | null;
                      homepage: string | null;
                      xHandle: string | null;
                      thesisBlurb: string | null;
                      wallets: unknown[];
                      nftContracts: unknown[];
                      source: string | null;
                      recommendationType: 'bucket_weights' | 'position_actions';
                      linkedMemberId: string | null;
                      structuralNotes: string | null;
                      lastReviewed: string | null;
                    };
                    /** @description the subject’s latest published sessions (snake_case) */
                    recentSessions: {
                      id: string;
                      /** Format: date-time */
                      convened_at: string;
                      date: string;
                      subject_id: string;
                      state: string;
                    }[];
                    /** @description { signalKey, date, href }; with include=researchSignals the legacy { signal_key, date, payload } */
                    researchSignals: {
                      [key: string]: unknown;
                    }[];
                    prompt: {
                      system: string;
                      user: string;
                    };
                    /** @description JSON-schema-like description of a take for this subject */
                    takeSchema: {
                      [key: string]: unknown;
                    };
                    windowClosesAt: string | null;
                  } | null;
                } | null;
                roster: {
                  /** Format: uuid */
                  memberId: string;
                  handle: string;
                  displayName: string;
                  excused: boolean;
                  /** Format: date-time */
                  addedAt: string;
                }[];
              };
              /** @description one take per member: its highest revision; earlier ones at /api/swarm/takes/{id} and the member's takes */
              takes: {
                /** Format: uuid */
                id: string;
                recommendationId: number;
                /** Format: uuid */
                memberId: string;
                handle: string | null;
                revision: number;
                stance: string;
                confidence: number;
                body: string;
                memoUrl: string | null;
                weights:
                  | {
                      bucket: string;
                      weight: number;
                    }[]
                  | null;
                nonce: string;
                /** @description the exact canonical text that was signed */
                canonical: string;
                signature: string;
                /** @description the key this take was filed and is verified with */
                publicKey: string;
                /** Format: date-time */
                receivedAt: string;
                /** @description signature, stored fields and the log entry re-checked on this read */
                verified: boolean;
                /** @description present only when verified is false: why (codes in docs/protocol.md) */
                unverifiedReasons?: {
                  code: string;
                  message: string;
                }[];
                /** @description the take's index in the transparency log; null when the log holds none */
                logIndex: number | null;
                /** @description base64 SHA-256(0x00 ‖ entry) of its log entry */
                leafHash: string | null;
                /** @description the aggregate uses this take (false: excused, off the roster, or filed after aggregation) */
                counted: boolean;
                /** @description the member's newest revision in the same session, or null when this is it */
                supersededBy: {
                  /** Format: uuid */
                  id: string;
                  revision: number;
                  /** Format: date-time */
                  receivedAt: string;
                } | null;
              }[];
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/open-session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The session collecting takes, with its close time; null when none. With several collecting: the one whose window closes soonest (no deadline last), ties by subject id */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: uuid */
              id: string;
              date: string;
              subjectId: string;
              /** @enum {string} */
              state: 'collecting';
              /** Format: date-time */
              convenedAt: string;
              windowClosesAt: string | null;
              takeCount: number;
              briefUrl: string;
            } | null;
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/brief': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The brief of a session (session=, preferred) or of the latest session of a day with a published brief (date= & subject=) */
    get: {
      parameters: {
        query?: {
          /** @description session UUID (preferred) */
          session?: string;
          /** @description UTC date YYYY-MM-DD, with subject: 400 when not of that form; a well-formed date that is no calendar day (2026-02-30) has no brief, 404 */
          date?: string;
          /** @description subject id, with date */
          subject?: string;
          /** @description researchSignals: embed the signal payloads (legacy, ~1 MB) */
          include?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description brief row id */
              id: number;
              date: string;
              subjectId: string;
              sessionId: string | null;
              /** Format: date-time */
              createdAt: string;
              body: {
                regime: {
                  date: string;
                  composite: number | null;
                  regime: ('risk_off' | 'neutral' | 'risk_on') | null;
                  macro_regime: string | null;
                  onchain_regime: string | null;
                } | null;
                subject: {
                  /** @description subject id (slug) */
                  id: string;
                  status: string;
                  name: string;
                  operator: string | null;
                  homepage: string | null;
                  xHandle: string | null;
                  thesisBlurb: string | null;
                  wallets: unknown[];
                  nftContracts: unknown[];
                  source: string | null;
                  recommendationType: 'bucket_weights' | 'position_actions';
                  linkedMemberId: string | null;
                  structuralNotes: string | null;
                  lastReviewed: string | null;
                };
                /** @description the subject’s latest published sessions (snake_case) */
                recentSessions: {
                  id: string;
                  /** Format: date-time */
                  convened_at: string;
                  date: string;
                  subject_id: string;
                  state: string;
                }[];
                /** @description { signalKey, date, href }; with include=researchSignals the legacy { signal_key, date, payload } */
                researchSignals: {
                  [key: string]: unknown;
                }[];
                prompt: {
                  system: string;
                  user: string;
                };
                /** @description JSON-schema-like description of a take for this subject */
                takeSchema: {
                  [key: string]: unknown;
                };
                windowClosesAt: string | null;
              } | null;
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/receipt-key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The service key consensus receipts are signed with */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              keyId: string;
              publicKey: string;
              /** @enum {string} */
              algorithm: 'Ed25519';
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/receipt-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every key the service has signed consensus receipts with: the current one first, then retired ones (after a rotation) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              keys: {
                keyId: string;
                publicKey: string;
                /** @enum {string} */
                algorithm: 'Ed25519';
                current: boolean;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/sessions/{id}/consensus-receipt': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed consensus receipt of a published session, re-verified on every read (verified:false with reasons on any failure) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description session UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              sessionId: string;
              /** @description kind convene.consensus.v1 (docs/protocol.md §10) */
              payload: unknown;
              /** @description RFC 8785 text of payload: the signed bytes */
              canonicalBytes: string;
              /** @description sha256 hex of canonicalBytes */
              digest: string;
              signature: {
                keyId: string;
                publicKey: string;
                signature: string;
              };
              /** @description recomputed on this request */
              verified: boolean;
              /** @description present only when verified is false: why (codes in docs/protocol.md) */
              unverifiedReasons?: {
                code: string;
                message: string;
              }[];
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/judgements': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A judge member files its signed judgement on a session (before it is published); shadow mode is stored, never served */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** Format: uuid */
            sessionId: string;
            /** Format: uuid */
            memberId: string;
            releaseSafety: 'safe' | 'caution' | 'unsafe';
            rationale: string;
            disagreements: string[];
            /** @description Ed25519 over canonicalJudgement (docs/protocol.md §6) */
            signature: string;
            mode?: 'enforce' | 'shadow';
            model?: string;
            promptHash?: string;
            inputsDigest?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              /** @enum {number} */
              status: 201;
              /** Format: uuid */
              judgementId: string;
              mode: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/sessions/{id}/judgements': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A session's public judgements (enforce mode); empty until the session is published */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description session UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              judgements: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                sessionId: string;
                /** @description member id, or convene-rules for the in-house judge */
                judgedBy: string;
                memberId: string | null;
                handle: string | null;
                /** @enum {string} */
                mode: 'enforce';
                releaseSafety: string;
                rationale: string;
                disagreements: string[];
                model: string;
                promptHash: string;
                inputsDigest: string;
                /** Format: date-time */
                createdAt: string;
                /** @description judge members: the signed canonical judgement */
                canonical: string | null;
                signature: string | null;
                publicKey: string | null;
              }[];
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/judgements/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One public judgement; 404 for shadow judgements and unpublished sessions */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              sessionId: string;
              /** @description member id, or convene-rules for the in-house judge */
              judgedBy: string;
              memberId: string | null;
              handle: string | null;
              /** @enum {string} */
              mode: 'enforce';
              releaseSafety: string;
              rationale: string;
              disagreements: string[];
              model: string;
              promptHash: string;
              inputsDigest: string;
              /** Format: date-time */
              createdAt: string;
              /** @description judge members: the signed canonical judgement */
              canonical: string | null;
              signature: string | null;
              publicKey: string | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/members/{id}/judgements': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A judge member's public judgements, newest first, paged by cursor */
    get: {
      parameters: {
        query?: {
          /** @description default 20, clamped to 1..100; non-integers are a 400 */
          limit?: string;
          /** @description nextCursor of the previous page; a malformed cursor is a 400 */
          cursor?: string;
        };
        header?: never;
        path: {
          /** @description member UUID or handle */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              judgements: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                sessionId: string;
                /** @description member id, or convene-rules for the in-house judge */
                judgedBy: string;
                memberId: string | null;
                handle: string | null;
                /** @enum {string} */
                mode: 'enforce';
                releaseSafety: string;
                rationale: string;
                disagreements: string[];
                model: string;
                promptHash: string;
                inputsDigest: string;
                /** Format: date-time */
                createdAt: string;
                /** @description judge members: the signed canonical judgement */
                canonical: string | null;
                signature: string | null;
                publicKey: string | null;
              }[];
              /** @description opaque; pass as cursor for the next page; null when no more */
              nextCursor: string | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/sessions/{id}/outcome': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A session's published outcomes, one per horizon, with the scores of its counted takes and of the swarm (docs/methodology.md) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description session UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: uuid */
              sessionId: string;
              /** @description the configured horizons */
              horizons: number[];
              /** @description one per horizon whose outcome is published; none before */
              outcomes: {
                horizonDays: number;
                status: 'scored' | 'no_outcome';
                reason: string | null;
                /** @description SHA-256 of the record text */
                digest: string;
                logIndex: number | null;
                /** Format: date-time */
                computedAt: string;
                /** @description an outcome record (docs/methodology.md §2), exactly as logged */
                record: {
                  /** @enum {string} */
                  kind: 'convene.outcome.v1';
                  /** Format: uuid */
                  sessionId: string;
                  subjectId: string;
                  sessionDate: string;
                  /** @description the session's consensus receipt digest */
                  receiptDigest: string;
                  horizonDays: number;
                  startDate: string;
                  endDate: string;
                  status: 'scored' | 'no_outcome';
                  reason: ('no_snapshot' | 'no_holdings' | 'unvalued_holding') | null;
                  labels: {
                    label: string;
                    source: string | null;
                    start: {
                      date: string;
                      value: number;
                    } | null;
                    end: {
                      date: string;
                      value: number;
                    } | null;
                    return: number | null;
                    missing:
                      | (
                          | 'no_series'
                          | 'no_start_value'
                          | 'no_end_value'
                          | 'no_new_observation'
                          | 'non_positive_start'
                        )
                      | null;
                  }[];
                  holdings: {
                    bucket: string;
                    valueUsd: number;
                  }[];
                  subjectReturn: number | null;
                  event: {
                    /** @enum {string} */
                    name: 'subject_rises';
                    occurred: boolean | null;
                  };
                  reference: {
                    weights: {
                      bucket: string;
                      weight: number;
                    }[];
                    return: number | null;
                  } | null;
                  consensus: {
                    weights: {
                      bucket: string;
                      weight: number;
                    }[];
                    return: number | null;
                  };
                  /** Format: date-time */
                  computedAt: string;
                };
                swarm: {
                  /** Format: uuid */
                  sessionId: string;
                  sessionDate: string;
                  subjectId: string;
                  horizonDays: number;
                  counted: number;
                  probability: number | null;
                  occurred: boolean;
                  brier: number | null;
                  consensusReturn: number | null;
                  referenceReturn: number | null;
                  excess: number | null;
                } | null;
                takes: {
                  /** Format: uuid */
                  sessionId: string;
                  sessionDate: string;
                  subjectId: string;
                  horizonDays: number;
                  /** Format: uuid */
                  memberId: string;
                  handle: string | null;
                  /** Format: uuid */
                  takeId: string;
                  revision: number;
                  stance: 'bearish' | 'cautious' | 'neutral' | 'constructive' | 'bullish';
                  confidence: number;
                  /** @description p = 0.5 + 0.49 · stance score · confidence */
                  probability: number;
                  occurred: boolean;
                  brier: number;
                  log: number;
                  weightReturn: number | null;
                  excessVsReference: number | null;
                  excessVsConsensus: number | null;
                  weightContribution: number | null;
                  stanceContribution: number | null;
                  takeLogIndex: number | null;
                  outcomeLogIndex: number | null;
                  links: {
                    take: string;
                    takeLogEntry: string;
                    session: string;
                    outcome: string;
                  };
                }[];
              }[];
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/members/{id}/track-record': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A member's track record per horizon: scores, calibration bins and every scored take with its log entry and outcome */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description member UUID or handle */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: uuid */
              memberId: string;
              handle: string;
              minScoredTakes: number;
              horizons: {
                horizonDays: number;
                status: 'ranked' | 'not_enough_history';
                record: {
                  /** Format: uuid */
                  memberId: string;
                  horizonDays: number;
                  scoredTakes: number;
                  /** @description scored sessions whose receipt lists the member (counted or absent) */
                  rosterSessions: number;
                  participation: number | null;
                  rankingBrier: number | null;
                  meanBrier: number | null;
                  meanLog: number | null;
                  /** @description scored takes whose weights have a return */
                  weightTakes: number;
                  meanReturn: number | null;
                  meanExcessVsReference: number | null;
                  meanExcessVsConsensus: number | null;
                  meanWeightContribution: number | null;
                  meanStanceContribution: number | null;
                  calibration: {
                    /** @description bin / 10: the lowest p in the bin */
                    from: number;
                    /** @description (bin + 1) / 10: p below it (the last bin includes 1) */
                    to: number;
                    /** @description scored takes whose p falls in the bin */
                    count: number;
                    meanProbability: number | null;
                    observedFrequency: number | null;
                  }[];
                  /** @description at least minScoredTakes scored takes */
                  eligible: boolean;
                  rank: number | null;
                } | null;
                /** @description scored takes, newest first */
                takes: {
                  /** Format: uuid */
                  sessionId: string;
                  sessionDate: string;
                  subjectId: string;
                  horizonDays: number;
                  /** Format: uuid */
                  memberId: string;
                  handle: string | null;
                  /** Format: uuid */
                  takeId: string;
                  revision: number;
                  stance: 'bearish' | 'cautious' | 'neutral' | 'constructive' | 'bullish';
                  confidence: number;
                  /** @description p = 0.5 + 0.49 · stance score · confidence */
                  probability: number;
                  occurred: boolean;
                  brier: number;
                  log: number;
                  weightReturn: number | null;
                  excessVsReference: number | null;
                  excessVsConsensus: number | null;
                  weightContribution: number | null;
                  stanceContribution: number | null;
                  takeLogIndex: number | null;
                  outcomeLogIndex: number | null;
                  links: {
                    take: string;
                    takeLogEntry: string;
                    session: string;
                    outcome: string;
                  };
                }[];
              }[];
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/track-record/series/{label}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The daily series a label is valued with (TRACK_RECORD_SERIES), as outcomes read it: what an outcome's start and end values can be checked against */
    get: {
      parameters: {
        query: {
          /** @description YYYY-MM-DD, required */
          from: string;
          /** @description YYYY-MM-DD, required, from ≤ to ≤ from + 800 days */
          to: string;
        };
        header?: never;
        path: {
          /** @description a bucket label */
          label: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              label: string;
              /** @description regime:<KEY>, own-vault, coin:<id> or vault:<id> */
              source: string;
              from: string;
              to: string;
              /** @description every stored observation from `from` to `to`, ascending */
              points: {
                date: string;
                value: number;
              }[];
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/track-record': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The swarm's cumulative record against the reference and the members' leaderboard, sorted and paged on the server */
    get: {
      parameters: {
        query?: {
          /** @description days; default the first configured */
          horizon?: number;
          /** @description one of rank, brier, log, excess, weightContribution, stanceContribution, takes; default rank */
          sort?: string;
          /** @description page size, default 50, at most 200 */
          limit?: string;
          /** @description opaque, from the previous nextCursor */
          cursor?: string;
          /** @description only this subject's sessions */
          subject?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              horizonDays: number;
              horizons: number[];
              subject: string | null;
              sort: string;
              minScoredTakes: number;
              swarm: {
                horizonDays: number;
                /** @description sessions with a 'scored' outcome */
                sessions: number;
                meanBrier: number | null;
                /** @description scored sessions with both R(consensus) and R(reference): the excess figures denominator */
                excessSessions: number;
                meanExcess: number | null;
                positiveExcessShare: number | null;
                sumExcess: number | null;
              };
              /** @description the swarm per session, oldest first */
              sessions: {
                /** Format: uuid */
                sessionId: string;
                sessionDate: string;
                subjectId: string;
                horizonDays: number;
                counted: number;
                probability: number | null;
                occurred: boolean;
                brier: number | null;
                consensusReturn: number | null;
                referenceReturn: number | null;
                excess: number | null;
              }[];
              leaderboard: {
                handle: string | null;
                status: 'ranked' | 'not_enough_history';
                /** Format: uuid */
                memberId: string;
                horizonDays: number;
                scoredTakes: number;
                /** @description scored sessions whose receipt lists the member (counted or absent) */
                rosterSessions: number;
                participation: number | null;
                rankingBrier: number | null;
                meanBrier: number | null;
                meanLog: number | null;
                /** @description scored takes whose weights have a return */
                weightTakes: number;
                meanReturn: number | null;
                meanExcessVsReference: number | null;
                meanExcessVsConsensus: number | null;
                meanWeightContribution: number | null;
                meanStanceContribution: number | null;
                calibration: {
                  /** @description bin / 10: the lowest p in the bin */
                  from: number;
                  /** @description (bin + 1) / 10: p below it (the last bin includes 1) */
                  to: number;
                  /** @description scored takes whose p falls in the bin */
                  count: number;
                  meanProbability: number | null;
                  observedFrequency: number | null;
                }[];
                /** @description at least minScoredTakes scored takes */
                eligible: boolean;
                rank: number | null;
              }[];
              /** @description members on the leaderboard, every page */
              total: number;
              nextCursor: string | null;
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Open a session by hand (roster frozen, snapshot, brief); one per date and subject unless additional
     * @description A signed take names a date and a subject, not a session, so each date and subject has one session: when the pair already has one the answer is 409 with that session's id in `sessionId`, unless `additional: true` asks for another. With `fireAt` the same fire never opens twice (200, created: false). The scheduler counts a session opened here as its date's fire and never convenes a fire older than it.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            subjectId: string;
            /** @description UTC date YYYY-MM-DD, a real calendar day (else 400 date must be YYYY-MM-DD); default today (or the fire date) */
            date?: string;
            windowClosesAt?: string | null;
            /** Format: date-time */
            fireAt?: string;
            /** @description open even when the date and subject already have a session (default false: 409) */
            additional?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              sessionId: string;
              created: boolean;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/sessions/{id}/window': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Set the deadline of a collecting session (null: no deadline); 409 once closed */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description session UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            windowClosesAt: string | null;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              sessionId: string;
              state: string;
              windowClosesAt: string | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/sessions/{id}/close': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Close the window now (idempotent) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description session UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              sessionId: string;
              state: string;
              windowClosesAt: string | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/sessions/{id}/aggregate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Close if needed, then aggregate (idempotent) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description session UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              sessionId: string;
              state: string;
              windowClosesAt: string | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/sessions/{id}/judge': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Run every step up to the in-house rules judgement (idempotent) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description session UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              sessionId: string;
              state: string;
              windowClosesAt: string | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/sessions/{id}/publish': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run every step, then sign and publish the consensus receipt (idempotent); refuses a session with no take unless force
     * @description A session in which no take counts (none filed, or none by a member expected on its roster) is refused with 409: its receipt would record `submitted: 0` for good. `?force=true` publishes it anyway. A published session answers as it stands.
     */
    post: {
      parameters: {
        query?: {
          /** @description true: publish even when no take counts (default false) */
          force?: boolean;
        };
        header?: never;
        path: {
          /** @description session UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              /** Format: uuid */
              sessionId: string;
              state: string;
              windowClosesAt: string | null;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/sessions/{id}/roster': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add, excuse or restore a roster member while the session is collecting */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description session UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description member UUID or handle */
            memberId: string;
            action: 'add' | 'excuse' | 'restore';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              roster: unknown[];
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status: 404, error, code }, on every swarm route */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: false;
              /** @enum {number} */
              status: 404;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/admin/lifecycle/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Run one lifecycle pass now: convene due fires, close, aggregate, judge, publish */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok: true;
              status: number;
              convened: number;
              briefs: number;
              advanced: number;
              allocations: number;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        413: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/swarm/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Live swarm events (Server-Sent Events): sessions, takes, receipts, checkpoints, keys
     * @description Server-Sent Events, one per line group: `id` (an opaque cursor), `event` (one of session-opened, take-accepted, session-aggregated, session-published, checkpoint, member-key; or `reset`), `data` (one line of JSON). Resume with the last id as `Last-Event-ID` (or `lastEventId`): the events after it are replayed when it lies within the replay window, otherwise the stream opens with a `reset` event and goes on from now. A `: heartbeat` comment keeps idle connections open. docs/agents.md, "Events instead of polling".
     */
    get: {
      parameters: {
        query?: {
          /** @description resume after this id (for clients that cannot set Last-Event-ID) */
          lastEventId?: string;
          /** @description comma-separated event types to receive (default all): session-opened, take-accepted, session-aggregated, session-published, checkpoint, member-key */
          types?: string;
        };
        header?: {
          /** @description resume after this id */
          'last-event-id'?: string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description text/event-stream; charset=utf-8, one event per `id`/`event`/`data` group */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/event-stream': string;
          };
        };
        /** @description swarm domain error { ok: false, status, error, code }, or parsing error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description too many streams open from this address (IPv6: its /64), or opened in the last minute; `Retry-After` says when to retry */
        429: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
        /** @description this server holds as many streams as it serves (`EVENTS_MAX_STREAMS`); `Retry-After` says when to retry */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @enum {boolean} */
              ok?: false;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
              /** @description apply only: the exact canonical text to sign */
              expectedPayload?: string;
              /**
               * Format: uuid
               * @description opening a session only: the session the date and subject already have (409)
               */
              sessionId?: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/checkpoint': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The latest checkpoint: a C2SP signed note, with every stored cosignature line */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/plain': string;
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'text/plain': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/checkpoint.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The latest checkpoint as JSON, with its cosignatures */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              origin: string;
              size: number;
              /** @description base64 of 32 bytes */
              rootHash: string;
              /** @description C2SP signed note: the checkpoint signed by the log key */
              note: string;
              /** @description the note with every stored cosignature line added */
              cosignedNote: string;
              /** Format: date-time */
              createdAt: string;
              cosignatures: {
                name: string;
                /** @description 8 hex digits */
                keyId: string;
                /** @description the witness's verifier key (type 0x04) */
                vkey: string;
                /** @description POSIX seconds the witness signed at */
                timestamp: number;
                /** @description the signature line to append to the note */
                line: string;
              }[];
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/checkpoints/{size}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The checkpoint of a given tree size (every checkpoint is kept) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          size: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              origin: string;
              size: number;
              /** @description base64 of 32 bytes */
              rootHash: string;
              /** @description C2SP signed note: the checkpoint signed by the log key */
              note: string;
              /** @description the note with every stored cosignature line added */
              cosignedNote: string;
              /** Format: date-time */
              createdAt: string;
              cosignatures: {
                name: string;
                /** @description 8 hex digits */
                keyId: string;
                /** @description the witness's verifier key (type 0x04) */
                vkey: string;
                /** @description POSIX seconds the witness signed at */
                timestamp: number;
                /** @description the signature line to append to the note */
                line: string;
              }[];
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The log's verifier key (pin it to check checkpoints) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              origin: string;
              /** @description C2SP signed-note verifier key */
              vkey: string;
              /** @description base64 Ed25519 public key (for --log-key) */
              publicKey: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/proof/inclusion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Inclusion proof (RFC 9162 §2.1.3) of an entry, by index or leaf hash */
    get: {
      parameters: {
        query?: {
          index?: number;
          /** @description base64 or hex */
          leafHash?: string;
          treeSize?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              logIndex: number;
              treeSize: number;
              /** @description base64 of 32 bytes */
              leafHash: string;
              hashes: string[];
              entry: string;
            };
          };
        };
        /** @description request error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/proof/consistency': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Consistency proof (RFC 9162 §2.1.4) between two tree sizes */
    get: {
      parameters: {
        query: {
          from: number;
          to?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              oldSize: number;
              newSize: number;
              hashes: string[];
            };
          };
        };
        /** @description request error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/entries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Entries [start, end) (at most 1000) */
    get: {
      parameters: {
        query: {
          start: number;
          end: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              entries: {
                index: number;
                /** @description base64 of 32 bytes */
                leafHash: string;
                kind: 'take' | 'receipt' | 'key' | 'keys-begin' | 'outcome';
                takeId: string | null;
                sessionId: string | null;
                /** @description the member of a key event; null for other entries */
                memberId: string | null;
                /** @description the entry text (JCS), docs/protocol.md §14.1 */
                entry: string;
              }[];
            };
          };
        };
        /** @description request error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/takes/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A take's log entry */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              index: number;
              /** @description base64 of 32 bytes */
              leafHash: string;
              kind: 'take' | 'receipt' | 'key' | 'keys-begin' | 'outcome';
              takeId: string | null;
              sessionId: string | null;
              /** @description the member of a key event; null for other entries */
              memberId: string | null;
              /** @description the entry text (JCS), docs/protocol.md §14.1 */
              entry: string;
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/receipts/{sessionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A consensus receipt's log entry */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          sessionId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              index: number;
              /** @description base64 of 32 bytes */
              leafHash: string;
              kind: 'take' | 'receipt' | 'key' | 'keys-begin' | 'outcome';
              takeId: string | null;
              sessionId: string | null;
              /** @description the member of a key event; null for other entries */
              memberId: string | null;
              /** @description the entry text (JCS), docs/protocol.md §14.1 */
              entry: string;
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/receipts/{sessionId}/previous': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The log entry of the same subject's receipt just before this one (the chain)
     * @description Read from the log, not from the receipt rows: `previous` is the entry of the receipt of the same subject logged last before this receipt, null when this is the first. A receipt's previousReceiptDigest must be that entry's digest (docs/protocol.md §14.10).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          sessionId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              previous: {
                index: number;
                /** @description base64 of 32 bytes */
                leafHash: string;
                kind: 'take' | 'receipt' | 'key' | 'keys-begin' | 'outcome';
                takeId: string | null;
                sessionId: string | null;
                /** @description the member of a key event; null for other entries */
                memberId: string | null;
                /** @description the entry text (JCS), docs/protocol.md §14.1 */
                entry: string;
              } | null;
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/receipts/by-digest/{digest}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The log entry of the consensus receipt with this digest (to walk a receipt chain) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          digest: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              index: number;
              /** @description base64 of 32 bytes */
              leafHash: string;
              kind: 'take' | 'receipt' | 'key' | 'keys-begin' | 'outcome';
              takeId: string | null;
              sessionId: string | null;
              /** @description the member of a key event; null for other entries */
              memberId: string | null;
              /** @description the entry text (JCS), docs/protocol.md §14.1 */
              entry: string;
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/cosignatures': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a witness's cosignature (C2SP tlog-cosignature) to a checkpoint
     * @description Only from a witness key the operator configured (LOG_WITNESSES; 403 for any other), when its cosignature verifies over a checkpoint this log issued and is dated at most 10 minutes ahead. Nothing is stored on a refusal. Readers choose which witnesses they trust.
     */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            vkey: string;
            /** @description the checkpoint note with the witness signature line added */
            cosignedCheckpoint: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        201: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              size: number;
              vkey: string;
              timestamp: number;
              /** @description false when this witness had already cosigned */
              stored: boolean;
            };
          };
        };
        /** @description request error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description request error { error, code } */
        403: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description request error { error, code } */
        409: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/log/members/{memberId}/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A member's key events and the keys-begin marker, each with an inclusion proof under the checkpoint of treeSize (default the latest) */
    get: {
      parameters: {
        query?: {
          treeSize?: number;
        };
        header?: never;
        path: {
          memberId: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              memberId: string;
              treeSize: number;
              /** @description the signed checkpoint of treeSize */
              checkpoint: string;
              marker: {
                index: number;
                /** @description base64 of 32 bytes */
                leafHash: string;
                kind: 'take' | 'receipt' | 'key' | 'keys-begin' | 'outcome';
                takeId: string | null;
                sessionId: string | null;
                /** @description the member of a key event; null for other entries */
                memberId: string | null;
                /** @description the entry text (JCS), docs/protocol.md §14.1 */
                entry: string;
                proof: {
                  logIndex: number;
                  treeSize: number;
                  /** @description base64 of 32 bytes */
                  leafHash: string;
                  hashes: string[];
                };
              } | null;
              events: {
                index: number;
                /** @description base64 of 32 bytes */
                leafHash: string;
                kind: 'take' | 'receipt' | 'key' | 'keys-begin' | 'outcome';
                takeId: string | null;
                sessionId: string | null;
                /** @description the member of a key event; null for other entries */
                memberId: string | null;
                /** @description the entry text (JCS), docs/protocol.md §14.1 */
                entry: string;
                proof: {
                  logIndex: number;
                  treeSize: number;
                  /** @description base64 of 32 bytes */
                  leafHash: string;
                  hashes: string[];
                };
              }[];
            };
          };
        };
        /** @description request error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/skills/swarm-onboarding/SKILL.md': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The onboarding skill for member agents (Markdown), written for this origin */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/site-links': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where the data can be checked at its source (block explorer, dataset provider) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description a block explorer of the layer-2 (EXPLORER_URL): an address is at {explorerUrl}/address/{address}, a transaction at {explorerUrl}/tx/{hash}; null when not configured */
              explorerUrl: string | null;
              /** @description who provides the third-party analytics dataset (ANALYTICS_SOURCE_URL, ANALYTICS_SOURCE_NAME); null when not configured */
              analyticsSource: {
                name: string;
                url: string;
              } | null;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/vault-economics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The service's own ERC-4626 vault */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** Format: date-time */
              asOf: string;
              /** @description the read is older than TREASURY_REFRESH_SECONDS */
              stale: boolean;
              source: string;
              /** @description anything but live is an estimate */
              provenance: 'live' | 'stub' | 'stale' | 'seed' | 'backfilled';
              vaultAddress: string;
              /** @description the service's own vault TVL (not the analytics vaultTvlUsd) */
              tvlUsd: number;
              sharePrice: number;
              totalShares: number;
              depositCapUsd: number | null;
              idleUsd: number;
              adapters: {
                name: string;
                protocol: string;
                address: string;
                balanceUsd: number;
                share: number;
                /** @description anything but live is an estimate */
                provenance: 'live' | 'stub' | 'stale' | 'seed' | 'backfilled';
              }[];
              apy: {
                apy7d: number | null;
                apy30d: number | null;
                basis: string;
              };
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/allocation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Target allocation: two sleeves and the bucket targets beneath them */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              asOf: string | null;
              version: number;
              setBy: {
                kind: 'admin' | 'swarm' | 'default';
                sessionId: string | null;
              };
              note: string | null;
              sleeves: {
                key: string;
                label: string;
                target: number;
                buckets: {
                  key: string;
                  label: string;
                  target: number;
                  withinSleeve: number;
                }[];
              }[];
              history: {
                version: number;
                /** Format: date-time */
                setAt: string;
                setBy: {
                  kind: 'admin' | 'swarm' | 'default';
                  sessionId: string | null;
                };
                sleeves: {
                  [key: string]: number;
                };
              }[];
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/wallet-sleeves': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Protocol wallets' holdings grouped into the allocation sleeves (realised side) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              wallets: {
                name: string;
                address: string;
                type: string;
                totalUsd: number;
                sleeves: {
                  key: string;
                  label: string;
                  valueUsd: number;
                  share: number;
                  holdings: {
                    asset: string;
                    assetAddress: string | null;
                    bucket: string | null;
                    sleeve: string;
                    amount: number;
                    priceUsd: number | null;
                    valueUsd: number | null;
                    /** @description anything but live is an estimate */
                    provenance: 'live' | 'stub' | 'stale' | 'seed' | 'backfilled';
                    /** Format: date-time */
                    asOf: string;
                  }[];
                }[];
              }[];
              totals: {
                key: string;
                label: string;
                valueUsd: number;
                share: number;
              }[];
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/wallet-balances': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every protocol wallet, every holding with provenance, and the daily total since inception */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              asOf: string | null;
              totalUsd: number;
              wallets: {
                name: string;
                address: string;
                type: string;
                /** Format: date */
                trackedSince: string;
                totalUsd: number;
                holdings: {
                  asset: string;
                  assetAddress: string | null;
                  bucket: string | null;
                  sleeve: string;
                  amount: number;
                  priceUsd: number | null;
                  valueUsd: number | null;
                  /** @description anything but live is an estimate */
                  provenance: 'live' | 'stub' | 'stale' | 'seed' | 'backfilled';
                  /** Format: date-time */
                  asOf: string;
                }[];
              }[];
              /** @description daily totals; days without a persisted snapshot are absent (never interpolated) */
              history: {
                /** Format: date */
                date: string;
                totalUsd: number;
                /** @description anything but live is an estimate */
                provenance: 'live' | 'stub' | 'stale' | 'seed' | 'backfilled';
              }[];
              historyProvenance: {
                [key: string]: number;
              };
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/token-metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Token price, supply, market cap and the swap-fee split */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              CONVENE: {
                priceUsd: number | null;
                totalSupply: number | null;
                marketCapUsd: number | null;
                /** Format: date-time */
                asOf: string;
                stale: boolean;
                source: string;
                /** @description anything but live is an estimate */
                provenance: 'live' | 'stub' | 'stale' | 'seed' | 'backfilled';
              };
              feeSplit: {
                swapFeePercent: number;
                shares: {
                  recipient: string;
                  percent: number;
                  use: string;
                }[];
              };
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/buybacks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Token buybacks and whether the indexer has caught up */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              asOf: string | null;
              source: string | null;
              /** @description the indexer has not caught up within TREASURY_REFRESH_SECONDS */
              stale: boolean;
              lastError: string | null;
              rows: {
                /** Format: date */
                date: string;
                /** @description transaction hash */
                tx: string;
                /** @description amount spent, in spentAsset (WETH) */
                wethSpent: number;
                spentAsset: string;
                /** @description tokens acquired (and burned) */
                conveneReceived: number;
                valueUsd: number | null;
                /** @description anything but live is an estimate */
                provenance: 'live' | 'stub' | 'stale' | 'seed' | 'backfilled';
              }[];
              totals: {
                count: number;
                tokensAcquired: number;
                valueUsd: number;
              };
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/treasury/admin/allocation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Set new allocation targets (admin); weights are normalised to sum to 1 */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            weights: {
              bucket: string;
              weight: number;
            }[];
            note?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              asOf: string | null;
              version: number;
              setBy: {
                kind: 'admin' | 'swarm' | 'default';
                sessionId: string | null;
              };
              note: string | null;
              sleeves: {
                key: string;
                label: string;
                target: number;
                buckets: {
                  key: string;
                  label: string;
                  target: number;
                  withinSleeve: number;
                }[];
              }[];
              history: {
                version: number;
                /** Format: date-time */
                setAt: string;
                setBy: {
                  kind: 'admin' | 'swarm' | 'default';
                  sessionId: string | null;
                };
                sleeves: {
                  [key: string]: number;
                };
              }[];
            };
          };
        };
        /** @description request error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/regime-snapshots': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Daily risk-on/risk-off regime: latest reading with indicators, backtests and correlations, plus history */
    get: {
      parameters: {
        query?: {
          /** @description days of history; default 180; integers are clamped to 1..3650; anything unparsable gives the default */
          range?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              latest: {
                /** Format: date */
                date: string;
                composite: number | null;
                compositePercentile: number | null;
                regime: ('risk_off' | 'neutral' | 'risk_on') | null;
                macroIndex: number | null;
                macroPercentile: number | null;
                macroRegime: ('risk_off' | 'neutral' | 'risk_on') | null;
                onchainIndex: number | null;
                onchainPercentile: number | null;
                onchainRegime: ('risk_off' | 'neutral' | 'risk_on') | null;
                factorIndex: number | null;
                factorPercentile: number | null;
                factorRegime: ('risk_off' | 'neutral' | 'risk_on') | null;
                /** @description weight in force per indicator, by panel */
                panelWeights: {
                  [key: string]: {
                    [key: string]: number;
                  };
                };
                version: string;
                /** @description live or seed */
                source: string;
                /** Format: date-time */
                computedAt: string;
                indicators: {
                  id: string;
                  name: string;
                  panel: string;
                  sources: string[];
                  unit: string;
                  transform: string;
                  sign: number;
                  rawValue: number | null;
                  rawDate: string | null;
                  transformedValue: number | null;
                  percentile: number | null;
                  signedPercentile: number | null;
                  panelWeight: number;
                  forwardFillAgeDays: number | null;
                  forwardFillExpired: boolean;
                  /** @description signed percentile at each of the last 24 month ends (a trend, not the window) */
                  sparkline: {
                    date: string;
                    value: number | null;
                  }[];
                }[];
                backtest: {
                  portfolio: string;
                  strategy: string;
                  finalMultiple: number | null;
                  cagr: number | null;
                  cagrInSample: number | null;
                  cagrOutOfSample: number | null;
                  sharpe: number | null;
                  maxDrawdown: number | null;
                  trades: number;
                  equityCurve: {
                    date: string;
                    value: number;
                  }[];
                }[];
                correlations: {
                  [key: string]: {
                    [key: string]: {
                      forward30d: {
                        rho: number | null;
                        n: number;
                      };
                      forward90d: {
                        rho: number | null;
                        n: number;
                      };
                      forward180d: {
                        rho: number | null;
                        n: number;
                      };
                      concurrent: {
                        rho: number | null;
                        n: number;
                      };
                    };
                  };
                };
                bucketThresholds: {
                  riskOff: string;
                  neutral: string;
                  riskOn: string;
                  riskOffBelow: number;
                  riskOnAbove: number;
                };
                series: {
                  key: string;
                  source: string;
                  provenance: string;
                  lastObservation: string | null;
                  points: number;
                  stale: boolean;
                  lastError: string | null;
                }[];
              } | null;
              /** @description oldest first; the last row is latest */
              history: {
                /** Format: date */
                date: string;
                composite: number | null;
                compositePercentile: number | null;
                regime: ('risk_off' | 'neutral' | 'risk_on') | null;
                macroIndex: number | null;
                macroPercentile: number | null;
                macroRegime: ('risk_off' | 'neutral' | 'risk_on') | null;
                onchainIndex: number | null;
                onchainPercentile: number | null;
                onchainRegime: ('risk_off' | 'neutral' | 'risk_on') | null;
                factorIndex: number | null;
                factorPercentile: number | null;
                factorRegime: ('risk_off' | 'neutral' | 'risk_on') | null;
                /** @description weight in force per indicator, by panel */
                panelWeights: {
                  [key: string]: {
                    [key: string]: number;
                  };
                };
                version: string;
                /** @description live or seed */
                source: string;
              }[];
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/research-signals/{key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Research signal by key (late-cycle-signals or channel-divergence) with gauges and full series */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          key: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              signalKey: string;
              /** Format: date */
              date: string;
              /** Format: date-time */
              computedAt: string;
              source: string;
              payload: {
                asOf: string;
                title: string;
                question: string;
                spec: string;
                summary: {
                  score: number | null;
                  read: string | null;
                  text: string;
                } & {
                  [key: string]: unknown;
                };
                gauges: {
                  id: string;
                  name: string;
                  value: number | null;
                  percentile: number | null;
                  read: string | null;
                }[];
                indicators: {
                  [key: string]: {
                    name: string;
                    definition: string;
                    unit: string;
                    median8y: number | null;
                  };
                };
                series: {
                  [key: string]: {
                    date: string;
                    value: number | null;
                    percentile: number | null;
                  }[];
                };
                /** @description 3,168 daily points */
                btc_price: {
                  date: string;
                  value: number | null;
                }[];
                /** @description 3,168 daily points (last close carried over non-trading days) */
                qqq_price: {
                  date: string;
                  value: number | null;
                }[];
              };
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/research-signals/{key}/summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Research signal by key without its daily series: the summary, gauges and indicator definitions (what /regime shows) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          key: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              signalKey: string;
              /** Format: date */
              date: string;
              /** Format: date-time */
              computedAt: string;
              source: string;
              payload: {
                asOf: string;
                title: string;
                question: string;
                spec: string;
                summary: {
                  score: number | null;
                  read: string | null;
                  text: string;
                } & {
                  [key: string]: unknown;
                };
                gauges: {
                  id: string;
                  name: string;
                  value: number | null;
                  percentile: number | null;
                  read: string | null;
                }[];
                indicators: {
                  [key: string]: {
                    name: string;
                    definition: string;
                    unit: string;
                    median8y: number | null;
                  };
                };
              };
            };
          };
        };
        /** @description ETag matched */
        304: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/overview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Market overview: counts, leaders, totals
     * @description Third-party analytics dataset (what the service observes about others; never its own holdings).
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Third-party analytics totals (not the service’s holdings) */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              /**
               * Format: date-time
               * @description when the source last refreshed this row
               */
              refreshedAt: string;
              /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
              stale: boolean;
              counts: {
                agents: number;
                /** @description agents seen within 7 days */
                activeAgents: number;
                coins: number;
                /** @description tracked third-party vaults (never the service’s own) */
                vaults: number;
                wallets: number;
                projects: number;
              };
              /** @description spec §1: sum of TVL over tracked third-party vaults (top level, as the live service serves it); the service’s own vault TVL is tvlUsd on /api/dashboards/vault-economics (USD) */
              vaultTvlUsd: number;
              totals: {
                /** @description sum of TVL over tracked third-party vaults; the service’s own vault TVL is tvlUsd on /api/dashboards/vault-economics (USD) */
                vaultTvlUsd: number;
                /** @description sum of balances of tracked wallets (USD) */
                walletBalanceUsd: number;
                /** @description vaultTvlUsd + walletBalanceUsd: assets observed under third-party management (USD) */
                totalAumUsd: number;
                /** @description sum of agents’ 30-day revenue (USD) */
                agentRevenue30dUsd: number;
                /** @description sum of agents’ 30-day x402 volume (USD) */
                x402Volume30dUsd: number;
                /** @description sum of tracked coins’ market caps (USD) */
                coinMarketCapUsd: number;
              };
              /** @description third-party vault TVL on each of the last 7 days (each vault’s last known value) */
              vaultTvlSparkline7d: {
                /**
                 * Format: date
                 * @description UTC date YYYY-MM-DD
                 */
                date: string;
                tvlUsd: number;
              }[];
              leaders: {
                /** @description top 5 agents by signalScore */
                agents: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  value: number;
                }[];
                /** @description top 5 coins by market cap */
                coins: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  value: number;
                }[];
                /** @description top 3 third-party vaults by TVL */
                vaults: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  value: number;
                }[];
                /** @description top 5 wallets by balance */
                wallets: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  value: number;
                }[];
              };
              avgProductivityScore: number | null;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/entities': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One row per tracked agent, coin, vault and wallet
     * @description Third-party analytics dataset (what the service observes about others; never its own holdings).
     */
    get: {
      parameters: {
        query?: {
          type?: 'agent' | 'coin' | 'vault' | 'wallet';
          /** @description default: by type (agent, coin, vault, wallet), then balanceOrTvlUsd descending */
          sort?: 'balance' | 'revenue' | 'change24h' | 'name';
          /** @description rows to return (default: all) */
          limit?: number;
          /** @description rows to skip (default 0) */
          offset?: number;
          /** @description sort direction (default desc; asc for name) */
          order?: 'asc' | 'desc';
          /** @description case-insensitive text that must appear in a row’s name (or symbol, label, protocol, address, slug, category); applied to the whole dataset before sorting and paging, and `total` counts the matches */
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              /** @description Monday of each of the 26 sparkline weeks, oldest first; the last is the current week */
              sparklineWeeks: string[];
              /** @description rows matching before paging */
              total: number;
              entities: {
                type: 'agent' | 'coin' | 'vault' | 'wallet';
                /** Format: uuid */
                id: string;
                name: string;
                /** @description what contextValue is: x402 score, market cap, APY or 30-day transactions */
                contextLabel: string;
                contextValue: number | null;
                revenueOrVolumeUsd: number | null;
                balanceOrTvlUsd: number | null;
                change24hPct: number | null;
                /** @description 26 weekly values of balanceOrTvlUsd (agents: weekly revenue), aligned with sparklineWeeks; null where no observation exists */
                sparkline: (number | null)[];
                /** @description listed but not yet observed (no price, balance or activity on record) */
                pending: boolean;
                /**
                 * Format: date-time
                 * @description when the source last refreshed this row
                 */
                refreshedAt: string;
                /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
                stale: boolean;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/leaderboard': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Agents ranked by signal score, with evidence
     * @description Third-party analytics dataset (what the service observes about others; never its own holdings).
     */
    get: {
      parameters: {
        query?: {
          /** @description default 100 */
          limit?: number;
          offset?: number;
          /** @description default rank (signal score, highest first); `rank` keeps each agent’s place in the whole ranking whatever the sort or search */
          sort?: 'rank' | 'name' | 'balance' | 'revenue30d' | 'x402Volume';
          /** @description sort direction (default desc; asc for name) */
          order?: 'asc' | 'desc';
          /** @description case-insensitive text that must appear in a row’s name (or symbol, label, protocol, address, slug, category); applied to the whole dataset before sorting and paging, and `total` counts the matches */
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              formula: string;
              stats: {
                listedAgents: number;
                /** @description sum of balances of agents whose wallet leg is verified (USD) */
                verifiedWalletBalanceUsd: number;
                /** @description sum of agents’ 30-day revenue (USD) */
                moneyIn30dUsd: number;
                highConfidenceCount: number;
              };
              /** @description per source: healthy when every row is fresh, partial when some are, stale when none, empty without rows */
              health: {
                source: string;
                status: 'healthy' | 'partial' | 'stale' | 'empty';
                rows: number;
                freshRows: number;
                lastRefreshedAt: string | null;
              }[];
              /** @description ranked agents (every listed agent is ranked) */
              total: number;
              /** @description by signalScore descending; top 100 unless limit/offset say otherwise */
              agents: {
                rank: number;
                /** Format: uuid */
                id: string;
                name: string;
                protocol: string | null;
                /** @description log10(revenue30d×5 + walletBalance×2 + x402Volume×1.5 + tokenMcap×0.15 + 1)×100 + recencyBoost */
                signalScore: number;
                /** @description 10 points when seen now, fading linearly to 0 over 10 days */
                recencyBoost: number;
                /** @description verified: 4+ legs verified and none missing; missing: no money leg has evidence; else partial */
                evidenceStatus: 'verified' | 'partial' | 'missing';
                /** @description High: 3+ of wallet, moneyIn, x402, token verified; Medium: 2; Low: fewer */
                confidence: 'High' | 'Medium' | 'Low';
                /** @description wallet: verified if balance > 0, partial if an address is known; moneyIn: verified if 30-day revenue > 0, partial if any in 182 days; x402: verified if volume > 0, partial if transactions > 0; token: verified if the linked coin has a market cap, partial if a coin is linked; identity: verified if a protocol is set, partial if only site/twitter; freshness: verified if seen within 7 days, partial within 30 */
                evidence: {
                  wallet: {
                    status: 'verified' | 'partial' | 'missing';
                    detail: string;
                  };
                  moneyIn: {
                    status: 'verified' | 'partial' | 'missing';
                    detail: string;
                  };
                  x402: {
                    status: 'verified' | 'partial' | 'missing';
                    detail: string;
                  };
                  token: {
                    status: 'verified' | 'partial' | 'missing';
                    detail: string;
                  };
                  identity: {
                    status: 'verified' | 'partial' | 'missing';
                    detail: string;
                  };
                  freshness: {
                    status: 'verified' | 'partial' | 'missing';
                    detail: string;
                  };
                };
                revenue30dUsd: number;
                walletBalanceUsd: number;
                x402VolumeUsd: number;
                tokenMarketCapUsd: number | null;
                coin: {
                  /** Format: uuid */
                  id: string;
                  symbol: string;
                } | null;
                lastSeenAt: string | null;
                /**
                 * Format: date-time
                 * @description when the source last refreshed this row
                 */
                refreshedAt: string;
                /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
                stale: boolean;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/agents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Agents directory
     * @description Third-party analytics dataset (what the service observes about others; never its own holdings).
     */
    get: {
      parameters: {
        query?: {
          /** @description only agents of this protocol (e.g. virtuals, x402) */
          protocol?: string;
          /** @description active when seen within 7 days */
          status?: 'active' | 'idle';
          sort?: 'score' | 'revenue30d' | 'x402Volume' | 'balance' | 'lastSeen' | 'name';
          /** @description rows to return (default: all) */
          limit?: number;
          /** @description rows to skip (default 0) */
          offset?: number;
          /** @description sort direction (default desc; asc for name) */
          order?: 'asc' | 'desc';
          /** @description case-insensitive text that must appear in a row’s name (or symbol, label, protocol, address, slug, category); applied to the whole dataset before sorting and paging, and `total` counts the matches */
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              /** @description Monday of each of the 26 sparkline weeks, oldest first; the last is the current week */
              sparklineWeeks: string[];
              total: number;
              /** @description by score descending unless sort says otherwise */
              agents: {
                /** Format: uuid */
                id: string;
                name: string;
                protocol: string | null;
                /** @description max(x402Score, productivityScore, min(100, log10(revenue30d+1)×25)), 0–100 */
                score: number;
                /** @description active when seen within 7 days */
                status: 'active' | 'idle';
                x402Score: number | null;
                /** @description x402 payments in the last 30 days */
                x402Transactions: number;
                /** @description x402 volume in the last 30 days (USD) */
                x402VolumeUsd: number;
                walletAddress: string | null;
                walletBalanceUsd: number;
                /** @description revenue in the last 30 days (USD) */
                earned30dUsd: number;
                /** @description token trading tax earned in the last 30 days (USD) */
                tokenTax30dUsd: number;
                /** @description all inflows to the agent’s wallet in 30 days (USD) */
                inflow30dUsd: number;
                coin: {
                  /** Format: uuid */
                  id: string;
                  symbol: string;
                  marketCapUsd: number | null;
                } | null;
                productivityScore: number | null;
                lastSeenAt: string | null;
                sparklines: {
                  /** @description 26 weekly values of weekly revenue, aligned with sparklineWeeks; null where no observation exists */
                  revenue: (number | null)[];
                  /** @description 26 weekly values of weekly x402 volume, aligned with sparklineWeeks; null where no observation exists */
                  x402Volume: (number | null)[];
                  /** @description 26 weekly values of week-end wallet balance, aligned with sparklineWeeks; null where no observation exists */
                  balance: (number | null)[];
                };
                /**
                 * Format: date-time
                 * @description when the source last refreshed this row
                 */
                refreshedAt: string;
                /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
                stale: boolean;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/coins': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Tracked coins
     * @description Third-party analytics dataset (what the service observes about others; never its own holdings).
     */
    get: {
      parameters: {
        query?: {
          /** @description default marketCap */
          sort?: 'marketCap' | 'volume24h' | 'change24h' | 'name';
          /** @description rows to return (default: all) */
          limit?: number;
          /** @description rows to skip (default 0) */
          offset?: number;
          /** @description sort direction (default desc; asc for name) */
          order?: 'asc' | 'desc';
          /** @description case-insensitive text that must appear in a row’s name (or symbol, label, protocol, address, slug, category); applied to the whole dataset before sorting and paging, and `total` counts the matches */
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              /** @description Monday of each of the 26 sparkline weeks, oldest first; the last is the current week */
              sparklineWeeks: string[];
              total: number;
              coins: {
                /** Format: uuid */
                id: string;
                symbol: string;
                name: string;
                chain: string;
                priceUsd: number | null;
                marketCapUsd: number | null;
                fdvUsd: number | null;
                volume24hUsd: number | null;
                change24hPct: number | null;
                holders: number | null;
                agent: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                } | null;
                /** @description 26 weekly values of week-end market cap, aligned with sparklineWeeks; null where no observation exists */
                sparkline: (number | null)[];
                /**
                 * Format: date-time
                 * @description when the source last refreshed this row
                 */
                refreshedAt: string;
                /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
                stale: boolean;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/vaults': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Tracked third-party vaults (never the service’s own)
     * @description Third-party analytics dataset (what the service observes about others; never its own holdings).
     */
    get: {
      parameters: {
        query?: {
          /** @description default tvl */
          sort?: 'tvl' | 'apy' | 'name';
          /** @description rows to return (default: all) */
          limit?: number;
          /** @description rows to skip (default 0) */
          offset?: number;
          /** @description sort direction (default desc; asc for name) */
          order?: 'asc' | 'desc';
          /** @description case-insensitive text that must appear in a row’s name (or symbol, label, protocol, address, slug, category); applied to the whole dataset before sorting and paging, and `total` counts the matches */
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              /** @description Monday of each of the 26 sparkline weeks, oldest first; the last is the current week */
              sparklineWeeks: string[];
              total: number;
              /** @description sum over listed third-party vaults; equals overview vaultTvlUsd (USD) */
              totalTvlUsd: number;
              /** @description tracked third-party vaults; the service’s own vault is never listed */
              vaults: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @description live, upcoming, paused or closed */
                status: string;
                chain: string;
                platform: string | null;
                assetSymbol: string;
                tvlUsd: number;
                apyPct: number | null;
                sharePrice: number | null;
                change24hPct: number | null;
                manager: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                } | null;
                /** @description 26 weekly values of week-end TVL, aligned with sparklineWeeks; null where no observation exists */
                sparkline: (number | null)[];
                /**
                 * Format: date-time
                 * @description when the source last refreshed this row
                 */
                refreshedAt: string;
                /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
                stale: boolean;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/wallets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Tracked wallets
     * @description Third-party analytics dataset (what the service observes about others; never its own holdings).
     */
    get: {
      parameters: {
        query?: {
          /** @description default balance */
          sort?: 'balance' | 'change24h' | 'activity' | 'name';
          /** @description rows to return (default: all) */
          limit?: number;
          /** @description rows to skip (default 0) */
          offset?: number;
          /** @description sort direction (default desc; asc for name) */
          order?: 'asc' | 'desc';
          /** @description case-insensitive text that must appear in a row’s name (or symbol, label, protocol, address, slug, category); applied to the whole dataset before sorting and paging, and `total` counts the matches */
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              /** @description Monday of each of the 26 sparkline weeks, oldest first; the last is the current week */
              sparklineWeeks: string[];
              total: number;
              wallets: {
                /** Format: uuid */
                id: string;
                label: string;
                address: string;
                chain: string;
                balanceUsd: number;
                change24hPct: number | null;
                txCount30d: number;
                inflow30dUsd: number;
                outflow30dUsd: number;
                agent: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                } | null;
                projectSlug: string | null;
                lastActiveAt: string | null;
                /** @description 26 weekly values of week-end balance, aligned with sparklineWeeks; null where no observation exists */
                sparkline: (number | null)[];
                /**
                 * Format: date-time
                 * @description when the source last refreshed this row
                 */
                refreshedAt: string;
                /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
                stale: boolean;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/projects': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Projects
     * @description Third-party analytics dataset (what the service observes about others; never its own holdings).
     */
    get: {
      parameters: {
        query?: {
          category?: string;
          /** @description default revenue */
          sort?: 'revenue' | 'tvl' | 'name' | 'listed';
          /** @description rows to return (default: all) */
          limit?: number;
          /** @description rows to skip (default 0) */
          offset?: number;
          /** @description sort direction (default desc; asc for name) */
          order?: 'asc' | 'desc';
          /** @description case-insensitive text that must appear in a row’s name (or symbol, label, protocol, address, slug, category); applied to the whole dataset before sorting and paging, and `total` counts the matches */
          search?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              total: number;
              projects: {
                slug: string;
                name: string;
                category: string;
                chain: string | null;
                tagline: string | null;
                revenue30dUsd: number;
                revenueChange30dPct: number | null;
                volume30dUsd: number | null;
                tvlUsd: number | null;
                agentCount: number;
                coin: {
                  /** Format: uuid */
                  id: string;
                  symbol: string;
                  marketCapUsd: number | null;
                } | null;
                /**
                 * Format: date-time
                 * @description when the source last refreshed this row
                 */
                refreshedAt: string;
                /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
                stale: boolean;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/agents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Agent dossier
     * @description Third-party analytics dataset (what the service observes about others; never its own holdings). 404 { error } when the id is unknown or not a UUID.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              /** Format: uuid */
              id: string;
              name: string;
              protocol: string | null;
              description: string | null;
              site: string | null;
              twitter: string | null;
              projectSlug: string | null;
              walletAddress: string | null;
              walletBalanceUsd: number;
              /** @description active when seen within 7 days */
              status: 'active' | 'idle';
              confidence: ('high' | 'medium' | 'low') | null;
              /** @description directory score, as on /api/dashboards/agents */
              score: number;
              x402: {
                score: number | null;
                transactions: number;
                volumeUsd: number;
                /** @description paid x402 resources (endpoints) the agent offers */
                resources: number;
              };
              revenue: {
                revenue30dUsd: number;
                revenue182dUsd: number;
                cumulativeUsd: number;
                tokenTax30dUsd: number;
                inflow30dUsd: number;
              };
              productivity: {
                score: number | null;
                frequency: number | null;
                successRate: number | null;
                /** @description 100 when seen now, halving every 7 days */
                recency: number;
              };
              coin: {
                /** Format: uuid */
                id: string;
                symbol: string;
                marketCapUsd: number | null;
              } | null;
              signal: {
                signalScore: number;
                /** @description position on /api/dashboards/leaderboard */
                rank: number;
                /** @description verified: 4+ legs verified and none missing; missing: no money leg has evidence; else partial */
                evidenceStatus: 'verified' | 'partial' | 'missing';
                /** @description High: 3+ of wallet, moneyIn, x402, token verified; Medium: 2; Low: fewer */
                confidence: 'High' | 'Medium' | 'Low';
              };
              /** @description wallet: verified if balance > 0, partial if an address is known; moneyIn: verified if 30-day revenue > 0, partial if any in 182 days; x402: verified if volume > 0, partial if transactions > 0; token: verified if the linked coin has a market cap, partial if a coin is linked; identity: verified if a protocol is set, partial if only site/twitter; freshness: verified if seen within 7 days, partial within 30 */
              evidence: {
                wallet: {
                  status: 'verified' | 'partial' | 'missing';
                  detail: string;
                };
                moneyIn: {
                  status: 'verified' | 'partial' | 'missing';
                  detail: string;
                };
                x402: {
                  status: 'verified' | 'partial' | 'missing';
                  detail: string;
                };
                token: {
                  status: 'verified' | 'partial' | 'missing';
                  detail: string;
                };
                identity: {
                  status: 'verified' | 'partial' | 'missing';
                  detail: string;
                };
                freshness: {
                  status: 'verified' | 'partial' | 'missing';
                  detail: string;
                };
              };
              /** @description curator notes, then each verified evidence leg */
              whyIncluded: string[];
              /** @description each evidence leg that is not verified, with what is missing */
              openGaps: string[];
              trust: {
                sourceConfidence: string | null;
                operatorVerified: boolean;
                codePublic: boolean;
                audited: boolean;
                /** @description known security or payment incidents */
                incidents: number;
                verifiedLegs: number;
              };
              /** @description third-party vaults this agent manages */
              managedVaults: {
                /** Format: uuid */
                id: string;
                name: string;
                status: string;
                tvlUsd: number;
                apyPct: number | null;
              }[];
              trackedWallets: {
                /** Format: uuid */
                id: string;
                label: string;
                address: string;
                chain: string;
                balanceUsd: number;
              }[];
              /** @description 26 weeks, oldest first; null where no daily observation fell in the week */
              weekly: {
                /**
                 * Format: date
                 * @description UTC date YYYY-MM-DD
                 */
                weekStart: string;
                revenueUsd: number | null;
                x402VolumeUsd: number | null;
                x402Transactions: number | null;
                walletBalanceUsd: number | null;
              }[];
              /**
               * Format: date-time
               * @description when the agent joined the roster
               */
              listedAt: string;
              lastSeenAt: string | null;
              /**
               * Format: date-time
               * @description when the source last refreshed this row
               */
              refreshedAt: string;
              /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
              stale: boolean;
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/coins/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Coin profile
     * @description Third-party analytics dataset (what the service observes about others; never its own holdings). 404 { error } when the id is unknown or not a UUID.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              /** Format: uuid */
              id: string;
              symbol: string;
              name: string;
              chain: string;
              priceUsd: number | null;
              marketCapUsd: number | null;
              fdvUsd: number | null;
              volume24hUsd: number | null;
              change24hPct: number | null;
              holders: number | null;
              agent: {
                /** Format: uuid */
                id: string;
                name: string;
              } | null;
              /** @description 26 weekly values of week-end market cap, aligned with sparklineWeeks; null where no observation exists */
              sparkline: (number | null)[];
              /**
               * Format: date-time
               * @description when the source last refreshed this row
               */
              refreshedAt: string;
              /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
              stale: boolean;
              contractAddress: string | null;
              projectSlug: string | null;
              circulatingSupply: number | null;
              totalSupply: number | null;
              launchedAt: string | null;
              change30dPct: number | null;
              /** @description the issuing agent and every agent linked to this coin */
              linkedAgents: {
                /** Format: uuid */
                id: string;
                name: string;
                protocol: string | null;
              }[];
              /** @description daily, up to 365 days, oldest first; days without a snapshot are absent */
              history: {
                /**
                 * Format: date
                 * @description UTC date YYYY-MM-DD
                 */
                date: string;
                priceUsd: number;
                marketCapUsd: number | null;
                volumeUsd: number | null;
              }[];
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/vaults/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Vault profile (third-party vaults only)
     * @description Third-party analytics dataset (what the service observes about others; never its own holdings). 404 { error } when the id is unknown or not a UUID.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              /** Format: uuid */
              id: string;
              name: string;
              /** @description live, upcoming, paused or closed */
              status: string;
              chain: string;
              platform: string | null;
              assetSymbol: string;
              tvlUsd: number;
              apyPct: number | null;
              sharePrice: number | null;
              change24hPct: number | null;
              manager: {
                /** Format: uuid */
                id: string;
                name: string;
              } | null;
              /** @description 26 weekly values of week-end TVL, aligned with sparklineWeeks; null where no observation exists */
              sparkline: (number | null)[];
              /**
               * Format: date-time
               * @description when the source last refreshed this row
               */
              refreshedAt: string;
              /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
              stale: boolean;
              address: string | null;
              strategy: string | null;
              depositCapUsd: number | null;
              inceptionAt: string | null;
              yield: {
                apy7dAvgPct: number | null;
                apy30dAvgPct: number | null;
                sharePriceChange30dPct: number | null;
              };
              /** @description daily TVL, APY and share price, up to 365 days, oldest first */
              history: {
                /**
                 * Format: date
                 * @description UTC date YYYY-MM-DD
                 */
                date: string;
                tvlUsd: number;
                apyPct: number | null;
                sharePrice: number | null;
              }[];
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/wallets/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Wallet profile
     * @description Third-party analytics dataset (what the service observes about others; never its own holdings). 404 { error } when the id is unknown or not a UUID.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          /** @description UUID */
          id: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              /** Format: uuid */
              id: string;
              label: string;
              address: string;
              chain: string;
              balanceUsd: number;
              change24hPct: number | null;
              txCount30d: number;
              inflow30dUsd: number;
              outflow30dUsd: number;
              agent: {
                /** Format: uuid */
                id: string;
                name: string;
              } | null;
              projectSlug: string | null;
              lastActiveAt: string | null;
              /** @description 26 weekly values of week-end balance, aligned with sparklineWeeks; null where no observation exists */
              sparkline: (number | null)[];
              /**
               * Format: date-time
               * @description when the source last refreshed this row
               */
              refreshedAt: string;
              /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
              stale: boolean;
              firstSeenAt: string | null;
              holdings: {
                symbol: string;
                amount: number;
                valueUsd: number;
              }[];
              delta30d: {
                /**
                 * Format: date
                 * @description UTC date YYYY-MM-DD
                 */
                fromDate: string;
                balanceThenUsd: number;
                changeUsd: number;
                changePct: number | null;
              } | null;
              /** @description daily balance, up to 182 days, oldest first; days without a snapshot are absent */
              history: {
                /**
                 * Format: date
                 * @description UTC date YYYY-MM-DD
                 */
                date: string;
                balanceUsd: number;
                inflowUsd: number | null;
                outflowUsd: number | null;
              }[];
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/projects/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Project dossier: hero, KPIs, facet tables, 90-day daily history, ratios, activity */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          slug: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /**
               * Format: date-time
               * @description when this body was computed (server clock)
               */
              generatedAt: string;
              hero: {
                slug: string;
                name: string;
                category: string;
                chain: string | null;
                tagline: string | null;
                description: string | null;
                site: string | null;
                twitter: string | null;
                logoUrl: string | null;
                tags: string[];
                /**
                 * Format: date-time
                 * @description when the project joined the roster
                 */
                listedAt: string;
              };
              /** @description KPI strip: revenue, volume, transactions, active users, TVL, market cap */
              kpis: {
                key: string;
                label: string;
                value: number | null;
                unit: 'usd' | 'count' | 'pct';
                change30dPct: number | null;
              }[];
              facets: {
                agents: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  protocol: string | null;
                  revenue30dUsd: number;
                  walletBalanceUsd: number;
                  status: string;
                }[];
                coins: {
                  /** Format: uuid */
                  id: string;
                  symbol: string;
                  priceUsd: number | null;
                  marketCapUsd: number | null;
                }[];
                vaults: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                  tvlUsd: number;
                  apyPct: number | null;
                }[];
                wallets: {
                  /** Format: uuid */
                  id: string;
                  label: string;
                  chain: string;
                  balanceUsd: number;
                }[];
              };
              /** @description raw daily rows of the last 90 days, oldest first; days without data are absent */
              history: {
                /**
                 * Format: date
                 * @description UTC date YYYY-MM-DD
                 */
                date: string;
                revenueUsd: number;
                volumeUsd: number | null;
                transactions: number | null;
                activeUsers: number | null;
                tvlUsd: number | null;
              }[];
              /** @description ratio tiles */
              ratios: {
                key: string;
                label: string;
                value: number | null;
                description: string;
              }[];
              /** @description the project’s latest 20 activity entries */
              activity: {
                /** Format: uuid */
                id: string;
                /**
                 * Format: date-time
                 * @description when it happened
                 */
                occurredAt: string;
                /** @description e.g. payment, launch, vault_deposit */
                kind: string;
                agent: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                } | null;
                projectSlug: string | null;
                summary: string;
                amountUsd: number | null;
                txHash: string | null;
              }[];
              /**
               * Format: date-time
               * @description when the source last refreshed this row
               */
              refreshedAt: string;
              /** @description true when refreshedAt is older than the freshness window of its kind (agents and projects 36 h, coins 3 h, vaults and wallets 18 h) */
              stale: boolean;
            };
          };
        };
        /** @description request error { error, code } */
        404: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/dashboards/activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Agent activity log, newest first (empty while no writer runs) */
    get: {
      parameters: {
        query?: {
          /** @description default 100 */
          limit?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description newest first; empty while no writer runs */
              entries: {
                /** Format: uuid */
                id: string;
                /**
                 * Format: date-time
                 * @description when it happened
                 */
                occurredAt: string;
                /** @description e.g. payment, launch, vault_deposit */
                kind: string;
                agent: {
                  /** Format: uuid */
                  id: string;
                  name: string;
                } | null;
                projectSlug: string | null;
                summary: string;
                amountUsd: number | null;
                txHash: string | null;
              }[];
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/comments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Comments, newest first, 50 per page; text is untrusted input returned as stored */
    get: {
      parameters: {
        query?: {
          /** @description page number from 1 (default 1); 50 per page */
          page?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              page: number;
              /** @description 50 comments per page */
              pageSize: number;
              total: number;
              hasMore: boolean;
              /** @description newest first */
              comments: {
                /** Format: uuid */
                id: string;
                /**
                 * Format: date-time
                 * @description when it was posted
                 */
                createdAt: string;
                /** @description untrusted user input, returned as stored */
                author: string;
                /** @description untrusted user input, returned exactly as stored: render as text, never HTML */
                body: string;
                targetType: string | null;
                targetId: string | null;
              }[];
            };
          };
        };
        /** @description request error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/analytics/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Import analytics records of one kind from an NDJSON body
     * @description Body: application/x-ndjson, one record per line in the format of docs/analytics-import.md. Valid records are upserted by natural key (re-import updates, never duplicates); invalid lines are reported by line and field and skipped.
     */
    post: {
      parameters: {
        query: {
          /** @description the kind of every record in the body (see docs/analytics-import.md) */
          kind:
            | 'coins'
            | 'agents'
            | 'vaults'
            | 'wallets'
            | 'projects'
            | 'agent-history'
            | 'coin-history'
            | 'vault-history'
            | 'wallet-history'
            | 'project-history'
            | 'activity'
            | 'comments';
          /** @description validate only, write nothing */
          check?: boolean;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              kind: string;
              /** @description non-blank lines read */
              received: number;
              /** @description records inserted or updated (valid records when check=true) */
              imported: number;
              rejected: number;
              /** @description the first 1,000 problems, each naming the body line and field */
              errors: {
                line: number;
                field: string | null;
                message: string;
              }[];
              /** @description the analytics data version after the import */
              dataVersion: number;
            };
          };
        };
        /** @description request error { error, code } */
        400: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              ok?: boolean;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
        /** @description request error { error, code } */
        415: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Operator status: version, env, database, migrations, jobs, swarm, outbox
     * @description Answers while a first demo start is still loading (`loading: true`), unlike the rest of the API.
     */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              /** @description the server package version */
              version: string;
              node: string;
              env: 'prod' | 'staging' | 'demo';
              /** @description a first demo start is still building its data */
              loading: boolean;
              /** Format: date-time */
              startedAt: string;
              uptimeSeconds: number;
              database: {
                driver: string;
                /** @description PGlite directory, or the URL without its password */
                location: string;
                serverVersion: string;
                sizeBytes: number;
              };
              migrations: {
                applied: number;
                latest: string | null;
                latestAppliedAt: string | null;
                /** @description known to this version, not yet applied */
                pending: string[];
                /** @description applied by a newer version than this one (a downgrade) */
                unknown: string[];
              };
              scheduler: {
                enabled: boolean;
              };
              jobs: {
                name: string;
                schedule: string;
                nextRunAt: string | null;
                lastRun: {
                  /** Format: date-time */
                  startedAt: string;
                  finishedAt: string | null;
                  outcome: string | null;
                  detail: string | null;
                } | null;
              }[];
              /** @description sessions not yet published, newest first (at most 20) */
              openSessions: {
                id: string;
                subjectId: string;
                date: string;
                state: string;
                /** Format: date-time */
                convenedAt: string;
                windowClosesAt: string | null;
                takeCount: number;
              }[];
              pendingApplications: {
                count: number;
                /** @description the 20 oldest, to activate or reject */
                oldest: {
                  id: string;
                  /** Format: date-time */
                  appliedAt: string;
                }[];
              };
              outbox: {
                /** @description emails not yet delivered */
                pending: number;
                /** @description of those, tried at least once */
                retrying: number;
                sent: number;
                oldestPendingAt: string | null;
                lastError: string | null;
              };
              /** @description this replica's GET /api/swarm/events streams against their limits (docs/operations.md) */
              eventStreams: {
                /** @description streams open on this replica */
                open: number;
                /** @description EVENTS_MAX_STREAMS: the next is a 503 */
                max: number;
                /** @description EVENTS_MAX_STREAMS_PER_ADDRESS (IPv6: per /64) */
                maxPerAddress: number;
                /** @description address groups (IPv4 addresses, IPv6 /64s) with a stream open */
                addresses: number;
                /** @description refusals since start: rate and address are 429s, total is the 503 */
                refused: {
                  rate: number;
                  address: number;
                  total: number;
                };
                /** @description streams dropped since start because their reader fell more than EVENTS_MAX_UNSENT_BYTES behind */
                droppedStalled: number;
                /** @description database reads of the shared replay page since start */
                replayReads: {
                  whole: number;
                  extend: number;
                };
              };
              /** @description the transparency log: size, latest checkpoint, signer state, rejected checkpoint rows, witnesses (null when LOG_ENABLED=false) */
              log: {
                /** @description entries integrated into the tree */
                size: number;
                checkpoint: {
                  size: number;
                  /** Format: date-time */
                  createdAt: string;
                  ageSeconds: number;
                } | null;
                signer: {
                  /** @description "halted": it refused to sign (a checkpoint signed by the log key that the tree does not bear out); "stalled": the tree has been ahead of the latest checkpoint for longer than LOG_STALL_SECONDS */
                  state: 'ok' | 'halted' | 'stalled';
                  reason: string | null;
                  since: string | null;
                };
                /** @description checkpoint rows not served (not signed by the log key, or not the tree) */
                rejectedCheckpoints: {
                  count: number;
                  last: {
                    size: number;
                    reason: string;
                    /** Format: date-time */
                    at: string;
                  } | null;
                };
                /** @description the configured witnesses (LOG_WITNESSES): each one's cosignature of the largest checkpoint and the last failure of a push to it since, as stored (every replica answers the same) */
                witnesses: {
                  name: string;
                  vkey: string;
                  url: string | null;
                  lastCosignature: {
                    size: number;
                    timestamp: number;
                    /** Format: date-time */
                    at: string;
                  } | null;
                  lastError: {
                    /** Format: date-time */
                    at: string;
                    message: string;
                  } | null;
                }[];
                /** @description the check run at start: every entry the log holds resolves to a stored row with its hash (and its tree leaf), and every row the log should hold has its entry */
                integrity: {
                  /** @description "inconsistent": entries or rows are missing or do not match; "unchecked": the check has not run (the log is off, or the replica is starting) */
                  state: 'ok' | 'inconsistent' | 'unchecked';
                  checkedAt: string | null;
                  entries: number | null;
                  /** @description one sentence per kind of gap */
                  problems: string[];
                };
              } | null;
            };
          };
        };
        /** @description Default Response */
        401: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              ok?: boolean;
              status?: number;
              error: string;
              /** @description the error's stable code (docs/errors.md lists them); key on it, not on the English message */
              code: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: never;
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
