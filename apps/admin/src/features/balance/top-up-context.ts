import { createContext, useContext } from 'react';

/** What opens the 充值 dialog; `TopUpProvider` (top-up.tsx) gives it to the signed-in pages. */
export const TopUpContext = createContext<() => void>(() => undefined);

/** Opens the 充值 dialog (the header's button, the 充值 beside 余额不足，请先充值). */
export function useOpenTopUp(): () => void {
  return useContext(TopUpContext);
}
