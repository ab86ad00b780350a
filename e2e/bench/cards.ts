/**
 * The card list's figures at the API: first rows (the first window of
 * `GET /api/v1/cards/{id}/transactions`) cold and warm, as a ratio to the floor (fetching the
 * simulator's list and `JSON.parse`-ing it, nothing else, in the same run), each measured alone
 * as the floor is; then, over further cold loads, another connection's `GET /api/me` p99 (and
 * those loads' own time, for information); and memory per held row.
 *
 * "Cold" is a list the server has not read, not a server that has never read one: the floor's
 * `JSON.parse` is native code, warm from the start, while the app's first loads of a large list
 * in a new process also pay for compiling its parser and growing its heap (the first one or two
 * took 0.1–0.25 s longer here). So the app first reads another card of the big one's size.
 */
import { percentile, sequentialLatency, type Target } from "./load";
import { settledRss, type Inspector } from "./inspector";

const RUNS = 5;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const middle = (times: number[]) =>
  percentile(
    times.sort((a, b) => a - b),
    50,
  );

async function median(runs: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timed(run));
  return middle(times);
}

async function ok(res: Response): Promise<void> {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  await res.arrayBuffer();
}

export type CardContext = { appUrl: string; upstreamUrl: string; cookie: string; token: string };

/** `warmUp`: a card of `big`'s size that the app reads first, to warm its code and heap (see above). */
export async function cardFigures(ctx: CardContext, big: string, small: string, warmUp: string) {
  const list = (card: string) =>
    fetch(`${ctx.upstreamUrl}/api/v1/cards/${card}/transactions`, { headers: { Authorization: `Bearer ${ctx.token}` } });
  const firstWindow = (card: string, refresh: boolean) =>
    fetch(`${ctx.appUrl}/api/v1/cards/${card}/transactions${refresh ? "?refresh=1" : ""}`, { headers: { Cookie: ctx.cookie } }).then(ok);
  // The simulator generates a synthetic list on first use: warm it, so "cold" is the app's figure.
  for (const card of [big, small, warmUp]) await list(card).then(ok);
  for (let i = 0; i < 2; i++) await firstWindow(warmUp, true);

  // Cold, alone as the floor is, the two alternating so a slow spell of the machine falls on both:
  // the first view reads the list; later runs ask for a fresh read (refresh=1), the same work.
  const floors: number[] = [];
  const colds: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    floors.push(await timed(async () => JSON.parse(await (await list(big)).text())));
    colds.push(await timed(() => firstWindow(big, i > 0)));
  }
  const floor = middle(floors);
  const coldBig = middle(colds);
  const coldSmall = await median(RUNS, async () => firstWindow(small, true));
  // Then more cold loads while another connection asks for `GET /api/me` back to back, one at a time.
  const me: Target = { name: "me", url: `${ctx.appUrl}/api/me`, headers: { Cookie: ctx.cookie } };
  const meUnloaded = await sequentialLatency(me, 5);
  const coldBigLoadedRuns: number[] = [];
  const loads = (async () => {
    for (let i = 0; i < RUNS; i++) coldBigLoadedRuns.push(await timed(() => firstWindow(big, true)));
  })();
  const meDuringLoad = await sequentialLatency(me, 0, loads);
  await loads;
  const coldBigWhileAsked = middle(coldBigLoadedRuns);
  // Warm: a new view of a list read moments ago reuses its snapshot.
  const warmBig = await median(5, () => firstWindow(big, false));
  const warmSmall = await median(5, () => firstWindow(small, false));
  return {
    floor,
    coldBig,
    coldBigWhileAsked,
    coldSmall,
    warmBig,
    warmSmall,
    meUnloadedP99: meUnloaded.p99,
    meDuringLoadP99: meDuringLoad.p99,
    meErrors: meUnloaded.errors + meDuringLoad.errors,
  };
}

/** Opens `cards` lists of about `rows` rows in turn and reads the memory they hold. */
export async function memoryFigures(ctx: CardContext, inspector: Inspector, cards: number, rows: number) {
  const store = () =>
    inspector.evaluate<{ rows: number; bytes: number } | null>(
      "(() => { const s = globalThis.__cardSnapshots; return s ? { rows: s.rowsHeld(), bytes: s.bytesHeld() } : { rows: 0, bytes: 0 }; })()",
    );
  const heldBefore = (await store())!;
  const before = await settledRss(inspector);
  for (let k = 0; k < cards; k++) {
    const res = await fetch(`${ctx.appUrl}/api/v1/cards/card_synth_${rows - k}/transactions`, { headers: { Cookie: ctx.cookie } });
    await ok(res);
  }
  const after = await settledRss(inspector);
  const held = await store();
  if (!held || held.rows === 0) throw new Error("the app holds no card snapshot: is it the build of this tree?");
  const added = held.rows - heldBefore.rows;
  return {
    rowsHeld: held.rows,
    rowsAdded: added,
    storeBytesPerRow: held.bytes / held.rows,
    rssBytesPerRow: (after - before) / added,
    rssBefore: before,
    rssAfter: after,
  };
}
