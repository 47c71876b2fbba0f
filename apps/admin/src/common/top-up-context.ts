import { createContext, useContext } from 'react';
import { useCan } from './use-can';

/** What opens the 充值 dialog; `TopUpProvider` (top-up.tsx) gives it to the signed-in pages. */
export const TopUpContext = createContext<() => void>(() => undefined);

/**
 * Opens the 充值 dialog (the header's button, 余额明细's, the 充值 beside 余额不足，请先充值); undefined for
 * a user without finance:manage, whose pages then show no 充值 at all (the server refuses it too).
 */
export function useOpenTopUp(): (() => void) | undefined {
  const open = useContext(TopUpContext);
  // The dialog reads the balance too (its limits, /api/balance/summary): finance:view as well.
  const canView = useCan('finance:view');
  return useCan('finance:manage') && canView ? open : undefined;
}
