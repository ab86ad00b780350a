/**
 * `promise`'s outcome if it settles within `ms`, else what `late()` returns (or throws) at that
 * moment; `promise` itself runs on. The one way this code base bounds a wait: the timer is cleared
 * as soon as either side settles, so a bound never keeps a process or a test alive after the answer.
 */
export function within<T, L>(promise: Promise<T>, ms: number, late: () => L): Promise<T | L> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<L>((resolve, reject) => {
    timer = setTimeout(
      () => {
        try {
          resolve(late());
        } catch (error) {
          reject(error);
        }
      },
      Math.max(0, ms),
    );
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}
