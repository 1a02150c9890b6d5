#!/usr/bin/env node
// The rulespec wire protocol (docs/wire-protocol.md) in Node.js, no dependencies, for soe.js.
//
//   rulespec verify --game soe --cmd "node examples/soe-node/impl.js"
//
// One JSON object per line each way. Replies to the lines of one chunk of stdin are written
// in one write, so a harness that sends several requests at once gets them back at once.
'use strict';

const { OPERATIONS, Refusal } = require('./soe.js');

const STARTED = {
  type: 'started',
  protocol: 1,
  implementation: { name: 'soe-node-example', version: '0.1.0', language: 'javascript', homepage: null },
  games: { soe: Object.keys(OPERATIONS).sort() },
};

function run(message) {
  const id = message.id;
  const operation = message.game === 'soe' ? OPERATIONS[message.operation] : undefined;
  if (operation === undefined) return { type: 'unsupported', id, message: `${message.game}.${message.operation}` };
  try {
    return { type: 'result', id, output: operation(message.input, message.rulings) };
  } catch (error) {
    if (error instanceof Refusal) return { type: 'refused', id, error: { kind: error.kind, reason: error.reason, ...error.details } };
    return { type: 'errored', id, message: String(error), context: { stack: String(error.stack) } };
  }
}

const STOP = Symbol('stop');

function reply(line) {
  const message = JSON.parse(line);
  if (message.type === 'start') return STARTED;
  if (message.type === 'run') return run(message);
  if (message.type === 'stop') return STOP;
  return null; // a message this version does not know: ignored
}

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (pending + chunk).split('\n');
  pending = lines.pop();
  let out = '';
  let stopping = false;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const answer = reply(line);
    if (answer === STOP) {
      stopping = true;
      break;
    }
    if (answer !== null) out += JSON.stringify(answer) + '\n';
  }
  // writes to a pipe are synchronous in Node on Linux and macOS: nothing is lost by exiting next
  if (out) process.stdout.write(out);
  if (stopping) process.exit(0);
});
process.stdin.on('end', () => process.exit(0));
