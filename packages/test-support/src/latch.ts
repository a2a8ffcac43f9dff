/** A one-shot signal between a test and the code it drives: `await opened` until someone calls `open()`. */
export interface Latch {
  readonly opened: Promise<void>;
  open(): void;
}

export function latch(): Latch {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
