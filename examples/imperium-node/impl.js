#!/usr/bin/env node
'use strict';
// rulespec wire-protocol adapter (docs/wire-protocol.md, protocol 1) for Imperium: Classics.
// JSON lines on stdin/stdout; the rules themselves are in imperium.js. Nothing is written to stderr.

const { OPERATIONS, Refusal } = require('./imperium.js');

const GAME = 'imperium';

function answer(msg) {
  switch (msg.type) {
    case 'start':
      return {
        type: 'started',
        protocol: 1,
        implementation: { name: 'imperium-node', version: '0.1.0', language: 'javascript' },
        games: { [GAME]: Object.keys(OPERATIONS).sort() },
      };
    case 'run': {
      const op = msg.game === GAME ? OPERATIONS[msg.operation] : undefined;
      if (!op) return { type: 'unsupported', id: msg.id, message: `${msg.game}.${msg.operation} is not offered` };
      try {
        return { type: 'result', id: msg.id, output: op(msg.input, msg.rulings || {}) };
      } catch (err) {
        if (err instanceof Refusal) return { type: 'refused', id: msg.id, error: err.error };
        return { type: 'errored', id: msg.id, message: String(err && err.message), context: { stack: String(err && err.stack) } };
      }
    }
    default:
      return null; // `stop` is handled by the reader; unknown types are ignored
  }
}

let buffer = '';
let stopping = false;

function handle(chunk) {
  buffer += chunk;
  const out = [];
  let nl;
  while (!stopping && (nl = buffer.indexOf('\n')) >= 0) {
    const line = buffer.slice(0, nl).trim();
    buffer = buffer.slice(nl + 1);
    if (!line) continue;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch (e) {
      continue; // nothing sensible to answer to
    }
    if (msg && msg.type === 'stop') {
      stopping = true;
      break;
    }
    const reply = answer(msg);
    if (reply) out.push(JSON.stringify(reply) + '\n');
  }
  const done = () => { if (stopping) process.exit(0); };
  if (out.length) process.stdout.write(out.join(''), done);
  else done();
}

process.stdin.setEncoding('utf8');
process.stdin.on('data', handle);
// stdin closed without a `stop`: exit once everything written has been flushed.
process.stdin.on('end', () => process.stdout.write('', () => process.exit(0)));
