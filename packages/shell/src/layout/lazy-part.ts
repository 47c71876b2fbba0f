import * as React from 'react';

/**
 * A module the first paint does not need, fetched with `import()` once a component asks for it. Unlike
 * `React.lazy` there is no Suspense boundary: until the module is there the component renders its own
 * fallback (the same look, without the behaviour), and once it is there every render uses it at once.
 */
export interface LazyPart<T> {
  loaded: T | undefined;
  load: () => Promise<T>;
}

export function lazyPart<T>(importer: () => Promise<T>): LazyPart<T> {
  // `import()` itself fetches and runs a module once, however often it is called.
  const part: LazyPart<T> = {
    loaded: undefined,
    load: () => importer().then((module) => (part.loaded = module)),
  };
  return part;
}

/** The part's module once loaded; starts loading it after the first render and re-renders when it arrives. */
export function useLazyPart<T>(part: LazyPart<T>, wanted = true): T | undefined {
  const [, rerender] = React.useReducer((count: number) => count + 1, 0);
  React.useEffect(() => {
    // A failed fetch keeps the fallback; the next mount that wants the part tries again.
    if (wanted && !part.loaded) part.load().then(rerender, () => {});
  }, [part, wanted]);
  return part.loaded;
}
