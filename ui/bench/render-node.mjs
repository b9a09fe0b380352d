// Renders the same server bundle and payload as the Go benchmark under Node,
// in a bare vm context like V8 in the binary, and prints renders per second.
// usage: node ui/bench/render-node.mjs PAYLOAD.json [SECONDS]
import { readFileSync } from 'node:fs';
import vm from 'node:vm';

const [payloadFile, seconds = '3'] = process.argv.slice(2);
const payload = readFileSync(payloadFile, 'utf8');
const url = JSON.parse(payload).path;
const ctx = vm.createContext({ console });
vm.runInContext(readFileSync('ui/dist/server/server.js', 'utf8'), ctx, { filename: 'server.js' });
const render = ctx.renderPage; // a promise, settled in the microtasks after it as in Go

for (let i = 0; i < 200; i++) await render(url, payload); // warm up the JIT as the Go pool is warm
const until = performance.now() + Number(seconds) * 1000;
let n = 0;
const start = performance.now();
while (performance.now() < until) {
  await render(url, payload);
  n++;
}
const rate = n / ((performance.now() - start) / 1000);
console.log(`node renders/s ${rate.toFixed(0)}`);
