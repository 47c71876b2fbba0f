import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubmitGate } from './use-submit-once';

describe('SubmitGate', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets one submit through until its save ends: a second 4 ms later is dropped', () => {
    const gate = new SubmitGate();
    expect(gate.enter(false)).toBe(true);
    gate.handled();
    vi.advanceTimersByTime(4);
    expect(gate.enter(false)).toBe(false); // pending not rendered yet
    gate.pendingChanged(true);
    vi.advanceTimersByTime(5_000);
    expect(gate.enter(false)).toBe(false); // still saving
    gate.pendingChanged(false);
    expect(gate.enter(false)).toBe(true); // saved: a new submit goes
  });

  it('opens again shortly after a submit that started no save (validation stopped it)', () => {
    const gate = new SubmitGate();
    expect(gate.enter(false)).toBe(true);
    gate.handled(500);
    expect(gate.enter(false)).toBe(false);
    vi.advanceTimersByTime(500);
    expect(gate.enter(false)).toBe(true);
  });

  it('opens at once when the form is edited after a submit that started no save, not while saving', () => {
    const gate = new SubmitGate();
    expect(gate.enter(false)).toBe(true);
    gate.handled(500);
    gate.edited();
    expect(gate.enter(false)).toBe(true); // the corrected form goes
    gate.pendingChanged(true);
    gate.edited();
    expect(gate.enter(false)).toBe(false); // an edit during the save does not open it
  });

  it('refuses while the save is pending whatever the gate says', () => {
    expect(new SubmitGate().enter(true)).toBe(false);
  });
});
