import { type FormEvent, useEffect, useRef } from 'react';

/**
 * One submit of a form at a time. A save's pending state reaches the submit button only after React
 * renders it, so a double click or a second Enter a few milliseconds later would submit again: the
 * gate closes at the submit itself, stays closed while the save is pending, and opens when it ends
 * (or `graceMs` after a submit that started no save, such as one its validation stopped, or at once
 * when the user edits the form: the corrected form's submit is never dropped).
 */
export class SubmitGate {
  #busy = false;
  #saving = false;
  #release: ReturnType<typeof setTimeout> | undefined;

  /** Whether this submit may go; when it may, the gate closes. */
  enter(pending: boolean): boolean {
    if (this.#busy || pending) return false;
    this.#busy = true;
    clearTimeout(this.#release);
    return true;
  }

  /** The submit handler returned: open again after `graceMs` unless a save is pending by then. */
  handled(graceMs = 500): void {
    clearTimeout(this.#release);
    this.#release = setTimeout(() => {
      this.#busy = false;
    }, graceMs);
  }

  /** The save started (stay closed) or ended (open). */
  pendingChanged(pending: boolean): void {
    clearTimeout(this.#release);
    this.#saving = pending;
    this.#busy = pending;
  }

  /** The user edited the form: open, unless a save is pending. */
  edited(): void {
    if (this.#saving) return;
    clearTimeout(this.#release);
    this.#busy = false;
  }
}

/**
 * `onSubmit` (e.g. `form.handleSubmit(...)`) behind a {@link SubmitGate}: a submit while the last one
 * is being handled or its save is `pending` is dropped; an edit of the form opens the gate again.
 * Spread the answer on the `<form>`. The shared `FormDialog` uses it; a form of its own that creates
 * something does too.
 */
export function useSubmitOnce(
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown,
  pending: boolean,
): {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onInput: () => void;
} {
  const gate = useRef<SubmitGate | null>(null);
  gate.current ??= new SubmitGate();
  const current = gate.current;
  useEffect(() => current.pendingChanged(pending), [current, pending]);
  return {
    onSubmit: async (event: FormEvent<HTMLFormElement>) => {
      if (!current.enter(pending)) {
        event.preventDefault();
        return;
      }
      try {
        await onSubmit(event);
      } finally {
        current.handled();
      }
    },
    onInput: () => current.edited(),
  };
}
