/**
 * A value a service has already serialised as JSON (a range cut from one serialised history): the
 * HTTP edge sends these bytes as they are instead of serialising a value.
 */
export class JsonText {
  constructor(readonly bytes: Buffer) {}
}
