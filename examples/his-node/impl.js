#!/usr/bin/env node
'use strict';
// rulespec wire-protocol adapter (protocol 1) for Here I Stand (`his`).
// JSON lines on stdin/stdout; the rules are in his.js. Nothing is ever written
// to stderr, and stdout carries only protocol messages (docs/wire-protocol.md).

const { OPERATIONS, Refusal } = require('./his.js');

const PROTOCOL = 1;
const GAME = 'his';

function started() {
  return {
    type: 'started',
    protocol: PROTOCOL,
    implementation: { name: 'his-node', version: '0.1.0', language: 'javascript' },
    games: { [GAME]: Object.keys(OPERATIONS).sort() },
  };
}

// One `run` -> exactly one reply.
function answer(msg) {
  const { id } = msg;
  const op = msg.game === GAME ? OPERATIONS[msg.operation] : undefined;
  if (!op) return { type: 'unsupported', id, message: `${msg.game}.${msg.operation} is not offered` };
  try {
    return { type: 'result', id, output: op(msg.input, msg.rulings) };
  } catch (err) {
    if (err instanceof Refusal) return { type: 'refused', id, error: err.error };
    return {
      type: 'errored',
      id,
      message: String((err && err.message) || err),
      context: { stack: String((err && err.stack) || '') },
    };
  }
}

let buffered = '';
let stopping = false;

// Answers every complete line of the chunk at once, in order, in one write.
function onData(chunk) {
  if (stopping) return;
  buffered += chunk;
  const out = [];
  let nl;
  while ((nl = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, nl).trim();
    buffered = buffered.slice(nl + 1);
    if (!line) continue;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch (err) {
      continue; // not a message for us; nothing sensible to answer
    }
    if (!msg || typeof msg !== 'object') continue;
    if (msg.type === 'start') out.push(started());
    else if (msg.type === 'run') out.push(answer(msg));
    else if (msg.type === 'stop') {
      stopping = true;
      break;
    }
    // any other type, from a later harness, is ignored
  }
  if (out.length > 0) process.stdout.write(out.map((m) => JSON.stringify(m)).join('\n') + '\n');
  if (stopping) {
    process.stdin.pause();
    process.stdin.destroy();
    process.exitCode = 0;
  }
}

process.stdin.setEncoding('utf8');
process.stdin.on('data', onData);
process.stdin.on('end', () => {
  process.exitCode = 0;
});
