// Preloaded into the server by the load run only (`node --expose-gc --require ...`): on SIGUSR2 it
// runs a full garbage collection and appends the memory left to GC_REPORT_FILE, so the run can tell
// memory in use from garbage V8 has not collected yet. The JS heap is read right after the
// collection; the resident set a second later, once V8 has handed the freed pages back to the system.
// The server's own code is untouched.
const fs = require('node:fs');

const reportFile = process.env.GC_REPORT_FILE;
if (reportFile && typeof global.gc === 'function') {
  process.on('SIGUSR2', () => {
    global.gc();
    const { heapUsed, external } = process.memoryUsage();
    setTimeout(() => {
      const { rss } = process.memoryUsage();
      fs.appendFileSync(reportFile, `${JSON.stringify({ rss, heapUsed, external })}\n`);
    }, 1000);
  });
}
