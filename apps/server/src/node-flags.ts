/**
 * Decision 062: the V8 heap settings the server runs with. `npm start` passes them (package.json's
 * `start:server`, kept equal to this list by node-flags.test.ts), and the benchmark and the
 * reliability runs start the server with them, as users run it.
 *
 * - `--max-semi-space-size=64` (MiB; Node's default is 16): a page of 50 rows allocates about 600 KB,
 *   most of it the driver's parsed rows, so with 16 MiB a scavenge came every 25 or so requests and
 *   found the rows of the ten requests in flight still alive, copied them and promoted many to the old
 *   generation. A scavenge every hundred requests finds far fewer: 25% less server CPU a request on
 *   PostgreSQL's lists and search, 20% on the SQLite dashboard (issue 15, docs/performance.md).
 * - `--heap-growing-percent=50`: the old generation is collected again once it has grown by half,
 *   instead of V8's own factor of up to four; without it the larger young generation let the old one
 *   grow past the 300 MB budget under load (256-313 MB against 227-235 MB with it).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64', '--heap-growing-percent=50'];
