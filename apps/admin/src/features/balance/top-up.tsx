import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { TopUpContext } from '../../common/top-up-context';

/** The dialog, its form library and its controls load on the first 充值 (no page needs them before). */
const TopUpDialog = lazy(() => import('./top-up-dialog').then((m) => ({ default: m.TopUpDialog })));

/** Holds the 充值 dialog of the signed-in pages; anything inside opens it with `useOpenTopUp()`. */
export function TopUpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openTopUp = useCallback(() => setOpen(true), []);
  return (
    <TopUpContext.Provider value={openTopUp}>
      {children}
      {/* Mounted only while open: each opening starts from an empty form and a fresh balance. */}
      {open ? (
        <Suspense fallback={null}>
          <TopUpDialog onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </TopUpContext.Provider>
  );
}
