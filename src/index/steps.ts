// Long computations written as generators that yield between steps, run either at once or giving the event loop a
// turn between steps (the server's warm start loads large indexes without holding up the requests meanwhile).

/** Runs a stepwise computation at once. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs a stepwise computation, letting the event loop run between steps. */
export async function runYielding<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
