import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { SMS_COUNTDOWN_SECONDS } from './login-rules';

/** sessionStorage key of the countdown's deadline, so that a reload in the same tab keeps it too. */
export const SMS_DEADLINE_KEY = 'consign:smsCodeDeadline';

function readDeadline(): number {
  try {
    if (typeof window === 'undefined') return 0;
    const value = Number(window.sessionStorage.getItem(SMS_DEADLINE_KEY));
    return Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

function writeDeadline(deadline: number): void {
  try {
    if (typeof window === 'undefined') return;
    if (deadline > 0) window.sessionStorage.setItem(SMS_DEADLINE_KEY, String(deadline));
    else window.sessionStorage.removeItem(SMS_DEADLINE_KEY);
  } catch {
    // Without sessionStorage the countdown still survives re-renders and remounts through the store.
  }
}

interface CountdownState {
  /** Epoch milliseconds when the resend button comes back; 0 = none. */
  deadline: number;
}

// Lives outside React: re-renders and remounts of the login form keep the deadline.
let countdownStore: StoreApi<CountdownState> | undefined;
function store(): StoreApi<CountdownState> {
  countdownStore ??= createStore<CountdownState>()(() => ({ deadline: readDeadline() }));
  return countdownStore;
}

/** Starts (or restarts) the countdown now. */
export function startSmsCountdown(seconds = SMS_COUNTDOWN_SECONDS, now = Date.now()): void {
  const deadline = now + seconds * 1000;
  writeDeadline(deadline);
  store().setState({ deadline });
}

/** Stops the countdown (stories and tests start from a clean state). */
export function resetSmsCountdown(): void {
  writeDeadline(0);
  store().setState({ deadline: 0 });
}

function secondsUntil(deadline: number, now: number): number {
  return deadline > now ? Math.ceil((deadline - now) / 1000) : 0;
}

/**
 * Seconds left before another code may be asked for (0 = may ask now). Ticks once a second, on the
 * second boundaries of the deadline, and only while a countdown runs.
 */
export function useSmsCountdown(): { secondsLeft: number; start(): void } {
  const deadline = useStore(store(), (state) => state.deadline);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const current = Date.now();
    setNow(current);
    if (deadline <= current) return;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const left = deadline - Date.now();
      if (left <= 0) return;
      timer = setTimeout(
        () => {
          setNow(Date.now());
          schedule();
        },
        left % 1000 || 1000,
      );
    };
    schedule();
    return () => clearTimeout(timer);
  }, [deadline]);

  return { secondsLeft: secondsUntil(deadline, now), start: () => startSmsCountdown() };
}
